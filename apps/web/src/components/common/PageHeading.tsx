import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { highlightWords } from './highlight-words';
import classes from './PageHeading.module.css';

export type HeadingAlign = 'left' | 'center' | 'right';

interface Props {
  title: string;
  /** Phrases of the title drawn in the accent colour (viewer-spec section 2: optional highlighted words). */
  highlight?: string | readonly string[];
  align?: HeadingAlign;
  /** The dimmed line under the title. */
  description?: ReactNode;
  /** 1 for the page's own heading; 2 for a section that stands like one (the home page's). */
  order?: 1 | 2;
  /** For aria-labelledby on a section. */
  id?: string;
  /** The home page's large hero type. */
  hero?: boolean;
  /** Controls that belong to the heading, e.g. 'Add Category': beside it on the left layout, under it otherwise. */
  actions?: ReactNode;
  /** More lines under the description. */
  children?: ReactNode;
}

const STACK_ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** The one page heading of the app, so every page's title looks and reads the same way. */
export function PageHeading({
  title,
  highlight = [],
  align = 'left',
  description,
  order = 1,
  id,
  hero = false,
  actions,
  children,
}: Props) {
  const phrases = typeof highlight === 'string' ? [highlight] : highlight;
  const heading = (
    <Stack gap={4} align={STACK_ALIGN[align]} ta={align} style={{ minWidth: 0 }} data-align={align}>
      <Title order={order} id={id} className={hero ? `${classes.title} ${classes.hero}` : classes.title}>
        {highlightWords(title, phrases).map((part, index) =>
          part.highlighted ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed title, in order
            <Text key={index} component="span" inherit className={classes.highlight} data-highlight>
              {part.text}
            </Text>
          ) : (
            part.text
          ),
        )}
      </Title>
      {description && (
        <Text c="dimmed" size={hero ? 'lg' : undefined} maw={hero ? 640 : undefined}>
          {description}
        </Text>
      )}
      {children}
    </Stack>
  );
  if (!actions) return heading;
  if (align === 'left') {
    return (
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        {heading}
        <Group gap="xs">{actions}</Group>
      </Group>
    );
  }
  return (
    <Stack gap="md" align={STACK_ALIGN[align]}>
      {heading}
      <Group gap="xs">{actions}</Group>
    </Stack>
  );
}
