import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueuePanel } from './QueuePanel';

/** The dashboard's Queue tab: the same control room as /admin/queue, with the way to its own page. */
export function QueueTab() {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>Queue</Title>
        <Anchor component={Link} to="/admin/queue" size="sm">
          Open on its own page
        </Anchor>
      </Group>
      <QueuePanel />
    </Stack>
  );
}
