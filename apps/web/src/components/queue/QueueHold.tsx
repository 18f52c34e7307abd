import { Alert, Button } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';

interface Props {
  held: boolean;
  pending: boolean;
  onChange: (held: boolean) => void;
}

/** The switch for the whole queue: held, viewers still trigger (and pay), but nothing is sent. */
export function QueueHoldButton({ held, pending, onChange }: Props) {
  return (
    <Button
      variant={held ? 'filled' : 'light'}
      color={held ? 'green' : 'orange'}
      leftSection={held ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
      loading={pending}
      onClick={() => onChange(!held)}
      data-testid="queue-hold"
    >
      {held ? 'Release queue' : 'Hold queue'}
    </Button>
  );
}

export function QueueHeldNotice() {
  return (
    <Alert color="orange" variant="light" title="Queue held: nothing is sent" icon={<IconPlayerPause />} role="status">
      Viewers can still trigger actions and are charged; their triggers wait here until you release the queue.
    </Alert>
  );
}
