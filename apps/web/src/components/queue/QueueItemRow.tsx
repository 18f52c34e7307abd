import { Checkbox, Group, Text } from '@mantine/core';
import { formatNumber, type TQueueDecision, type TQueueItem } from '@shop/domain';
import { memo } from 'react';
import { clockTime } from '../realtime/realtime-messages';
import { QueueDecisionButtons } from './QueueDecisionButtons';
import { QueueStateBadges, QueueStateNotes } from './QueueItemState';
import classes from './queue.module.css';
import { viewerName } from './queue-order';

export type RowLayout = 'wide' | 'narrow';

interface Props {
  item: TQueueItem;
  layout: RowLayout;
  selected: boolean;
  busy: boolean;
  onSelect: (historyId: number, selected: boolean) => void;
  onDecide: (decision: TQueueDecision, item: TQueueItem) => void;
}

/** One trigger in the Queue: where it stands, who paid what, and the decisions it allows. */
export const QueueItemRow = memo(function QueueItemRow({ item, layout, selected, busy, onSelect, onDecide }: Props) {
  const who = viewerName(item);
  const place = item.position != null ? `#${item.position}` : '–';
  const check = (
    <Checkbox
      size="xs"
      checked={selected}
      onChange={(event) => onSelect(item.historyId, event.currentTarget.checked)}
      aria-label={`Select ${item.actionName} for ${who}`}
    />
  );
  const badge = <QueueStateBadges item={item} />;
  const cost = `${formatNumber(item.cost)} ${item.cost === 1 ? 'coin' : 'coins'}`;
  const enqueued = (
    <Text size="xs" c="dimmed" title={new Date(item.enqueuedAt).toLocaleString()} span>
      {clockTime(item.enqueuedAt)}
    </Text>
  );
  const notes = <QueueStateNotes item={item} />;
  const buttons = <QueueDecisionButtons item={item} busy={busy} onDecide={onDecide} />;

  if (layout === 'wide') {
    return (
      <article className={classes.wide} aria-label={`${item.actionName} for ${who}`} data-testid="queue-item">
        {check}
        <Text size="sm" fw={600}>
          {place}
        </Text>
        <div className={classes.minw0}>
          <Text size="sm" fw={600} truncate>
            {item.actionName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {who}
          </Text>
        </div>
        <Text size="sm">{cost}</Text>
        <div className={classes.minw0}>
          {badge}
          {notes}
        </div>
        {enqueued}
        {buttons}
      </article>
    );
  }

  return (
    <article className={classes.narrow} aria-label={`${item.actionName} for ${who}`} data-testid="queue-item">
      <Group gap="xs" wrap="nowrap">
        {check}
        <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
          {place}
        </Text>
        <Text size="sm" fw={600} truncate style={{ flex: 1 }}>
          {item.actionName}
        </Text>
        {badge}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {who} · {cost} · {enqueued}
      </Text>
      <div className={classes.notes}>{notes}</div>
      {buttons}
    </article>
  );
});
