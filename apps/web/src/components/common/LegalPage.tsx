import { Container, List, Stack, Text, Title } from '@mantine/core';
import { PageHeading } from './PageHeading';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

interface Props {
  title: string;
  sections: LegalSection[];
}

/** admin-spec 'Legal pages': all three are dated January 2025. */
const LAST_UPDATED = 'January 2025';

export function LegalPage({ title, sections }: Props) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeading title={title} description={`Last updated ${LAST_UPDATED}`} />
        {sections.map((section, index) => (
          <Stack gap="xs" key={section.heading} component="section">
            <Title order={2} size="h3">
              {index + 1}. {section.heading}
            </Title>
            {section.paragraphs?.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
            {section.bullets && (
              <List spacing={4}>
                {section.bullets.map((b) => (
                  <List.Item key={b}>{b}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
