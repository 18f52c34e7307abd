import { Text } from '@mantine/core';
import type { TQueueItem } from '@shop/domain';
import { useNow } from '../actions/use-now';
import { countdownText } from './countdown';

/** A row's countdown, ticking on this machine's clock once a second; the list itself is not reloaded for it. */
export function QueueCountdown({ item }: { item: TQueueItem }) {
  const now = useNow(1000);
  const text = countdownText(item, now);
  if (!text) return null;
  return (
    <Text size="xs" c={item.state === 'awaiting_approval' ? 'grape' : 'dimmed'} truncate>
      {text}
    </Text>
  );
}
