import { Text } from '@mantine/core';
import { useNow } from '../actions/use-now';
import { useMyQueue } from './use-my-queue';
import { waitingLine } from './waiting-line';

/** 'about 40 s' counts down between receipts; a local clock, no request. */
const TICK_MS = 5_000;

/** The line under a waiting trigger's badge; nothing until the queue has answered. */
export function WaitingLine({ historyId }: { historyId: number }) {
  const queue = useMyQueue();
  const now = useNow(TICK_MS);
  const line = queue.data ? waitingLine(queue.data.items, historyId, now) : null;
  if (!line) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="waiting-line">
      {line}
    </Text>
  );
}
