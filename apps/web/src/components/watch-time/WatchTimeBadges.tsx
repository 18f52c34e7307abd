import { Badge, Group } from '@mantine/core';
import type { TWatchTimeStatus } from '@shop/domain';

/** Service state (Running/Stopped), the admin's switch (Enabled/Disabled) and where viewer data comes from. */
export function WatchTimeBadges({ status }: { status: TWatchTimeStatus }) {
  return (
    <Group gap="xs" data-testid="watch-time-badges">
      <Badge color={status.isRunning ? 'green' : 'gray'} variant="filled">
        {status.isRunning ? 'Running' : 'Stopped'}
      </Badge>
      <Badge color={status.settings.enabled ? 'green' : 'red'} variant="light">
        {status.settings.enabled ? 'Enabled' : 'Disabled'}
      </Badge>
      {status.mode === 'simulated' && (
        <Badge color="yellow" variant="light">
          Simulated
        </Badge>
      )}
      {status.mode === 'unavailable' && (
        <Badge color="red" variant="outline">
          No viewer data
        </Badge>
      )}
    </Group>
  );
}
