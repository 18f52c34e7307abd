import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  /** For aria-labelledby on the section. */
  id?: string;
  title: string;
  /** Smaller heading for sections that sit inside a card (the dashboard). */
  compact?: boolean;
  subtitle?: string;
  /** Links on the right, e.g. 'View All'. */
  actions?: ReactNode;
}

export function SectionHeader({ id, title, compact = false, subtitle, actions }: Props) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={2} id={id} size={compact ? 'h3' : undefined}>
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
