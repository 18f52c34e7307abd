import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { stateLabel, type TQueueItem } from '@shop/domain';
import { DELIVERY_COLORS } from '../coins/delivery-state';
import { hasCountdown, waitingText } from './countdown';
import { QueueCountdown } from './QueueCountdown';

export const STOP_FAILED_HINT = 'The stop command failed: the effect may still be on. Stop now sends it again.';

/** The state badge, and beside it the warning that a timed effect may not have ended. */
export function QueueStateBadges({ item }: { item: TQueueItem }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge size="sm" variant="light" color={DELIVERY_COLORS[item.state]}>
        {stateLabel(item.state)}
      </Badge>
      {item.stopFailed && (
        <Tooltip
          label={STOP_FAILED_HINT}
          multiline
          w={240}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge size="sm" variant="filled" color="red" title={STOP_FAILED_HINT} tabIndex={0} data-testid="stop-failed">
            Stop failed
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** Under the badge: what a held trigger waits for, and the row's countdown. */
export function QueueStateNotes({ item }: { item: TQueueItem }) {
  const waiting = waitingText(item);
  return (
    <>
      {waiting && (
        <Text size="xs" c="orange" truncate title={waiting}>
          {waiting}
        </Text>
      )}
      {hasCountdown(item) && <QueueCountdown item={item} />}
    </>
  );
}
