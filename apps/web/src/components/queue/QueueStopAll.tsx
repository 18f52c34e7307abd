import { Button } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../actions/ConfirmModal';

interface Props {
  /** Timed effects running now: the button is off at 0. */
  running: number;
  pending: boolean;
  onStopAll: () => Promise<void>;
}

/** 'Stop all running': ends every timed effect now, after a confirmation (the game runs the stop commands). */
export function QueueStopAllButton({ running, pending, onStopAll }: Props) {
  const [asking, setAsking] = useState(false);
  const effects = `${running} running ${running === 1 ? 'effect' : 'effects'}`;
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconPlayerStop size={16} />}
        disabled={running === 0}
        loading={pending}
        onClick={() => setAsking(true)}
        data-testid="queue-stop-all"
      >
        Stop all running
      </Button>
      <ConfirmModal
        opened={asking}
        title="Stop all running effects?"
        message={`The stop command of each of the ${effects} is sent to the game now. No coins go back: the effects ran.`}
        confirmLabel="Stop all"
        color="red"
        loading={pending}
        onConfirm={() => void onStopAll().then(() => setAsking(false))}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
