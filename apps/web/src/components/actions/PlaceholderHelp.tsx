import { Code, Paper, Stack, Text } from '@mantine/core';
import { ACTION_PLACEHOLDERS } from '@shop/domain';

/** The placeholders a command may use, shown beside the command field (DESIGN.md, command text). */
export function PlaceholderHelp({ targetAllowed }: { targetAllowed: boolean }) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="placeholder-help">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Placeholders
        </Text>
        {ACTION_PLACEHOLDERS.map((p) => (
          <div key={p.name}>
            <Code>{p.name}</Code>
            <Text size="xs" c={p.name === '{target}' && !targetAllowed ? 'red' : 'dimmed'}>
              {p.name === '{target}' && !targetAllowed ? 'Only in individual Rust actions' : p.description}
            </Text>
          </div>
        ))}
        <Text size="xs" c="dimmed">
          Viewer names keep only letters, digits and _ . - inside game commands.
        </Text>
      </Stack>
    </Paper>
  );
}
