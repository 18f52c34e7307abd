import { Badge, Group, Kbd, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { allowedDecisions, type TQueueDecision, type TQueueItem } from '@shop/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { skeletonKeys } from '../coins/skeleton-keys';
import { QueryError } from '../common/QueryError';
import type { TBulkDecision } from './decisions';
import { QueueBulkBar } from './QueueBulkBar';
import { QueueHeldNotice, QueueHoldButton } from './QueueHold';
import { QueueItemRow, type RowLayout } from './QueueItemRow';
import { QueueStopAllButton } from './QueueStopAll';
import classes from './queue.module.css';
import { approvalTarget, isTypingTarget, shortcutDecision } from './queue-keys';
import { groupQueue, type QueueRow, queueRows } from './queue-order';
import { useQueue } from './use-queue';
import { useQueueDecisions } from './use-queue-decisions';
import { WindowedList } from './WindowedList';

/** Fixed row heights, per layout: the windowed list places rows by arithmetic, never by measuring. */
const GROUP_HEIGHT = 36;
const ITEM_HEIGHT: Record<RowLayout, number> = { wide: 60, narrow: 132 };

const EMPTY_TEXT = 'Nothing waiting. Triggers appear here as viewers make them.';

/**
 * The streamer's control room (admin-spec section 10): every trigger not yet at an end, grouped by queue group,
 * with the decisions each one allows, bulk reject and skip, the hold switch, and the A / R keys.
 * On its own page (/admin/queue) and as the dashboard's Queue tab.
 */
export function QueuePanel() {
  const queue = useQueue();
  const { query } = queue;
  const decisions = useQueueDecisions(queue);
  const { busy, decide, decideMany } = decisions;
  const layout: RowLayout = useMediaQuery('(min-width: 62em)') ? 'wide' : 'narrow';
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const items = query.data?.items;
  const rows = useMemo(() => queueRows(groupQueue(items ?? [])), [items]);
  // Only what is still listed counts as selected: a trigger that ended drops out by itself.
  const chosen = useMemo(() => (items ?? []).filter((i) => selected.has(i.historyId)), [items, selected]);
  const allowing = (decision: TBulkDecision) => chosen.filter((i) => allowedDecisions(i.state).includes(decision));

  const onSelect = useCallback((historyId: number, on: boolean) => {
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(historyId);
      else next.delete(historyId);
      return next;
    });
  }, []);
  const onDecide = useCallback((decision: TQueueDecision, item: TQueueItem) => void decide(decision, item), [decide]);
  const onBulk = (decision: TBulkDecision) => {
    const targets = allowing(decision);
    setSelected(new Set());
    void decideMany(decision, targets);
  };

  // 'a' approves and 'r' rejects the oldest trigger awaiting approval, unless a text field has the key.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const decision = shortcutDecision({ ...pick(event), typing: isTypingTarget(event.target) });
      if (!decision) return;
      const target = approvalTarget(items ?? [], busy);
      if (!target) return;
      event.preventDefault();
      void decide(decision, target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items, busy, decide]);

  const heightOf = useCallback(
    (row: QueueRow) => (row.kind === 'group' ? GROUP_HEIGHT : ITEM_HEIGHT[layout]),
    [layout],
  );
  const renderRow = (row: QueueRow) =>
    row.kind === 'group' ? (
      <GroupHeading label={row.label} count={row.count} />
    ) : (
      <QueueItemRow
        item={row.item}
        layout={layout}
        selected={selected.has(row.item.historyId)}
        busy={busy.has(row.item.historyId)}
        onSelect={onSelect}
        onDecide={onDecide}
      />
    );

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading the queue">
        <Skeleton height={36} width={160} />
        {skeletonKeys(6).map((key) => (
          <Skeleton key={key} height={ITEM_HEIGHT[layout] - 8} />
        ))}
      </Stack>
    );
  }
  if (!query.data) {
    return <QueryError title="Could not load the queue" error={query.error} onRetry={() => void query.refetch()} />;
  }

  const { held } = query.data;
  const awaiting = query.data.items.filter((i) => i.state === 'awaiting_approval').length;
  const running = query.data.items.filter((i) => i.state === 'running').length;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" size="lg">
            {query.data.items.length - running} waiting
          </Badge>
          {awaiting > 0 && (
            <Badge variant="light" color="grape" size="lg">
              {awaiting} awaiting approval
            </Badge>
          )}
          {running > 0 && (
            <Badge variant="light" color="teal" size="lg">
              {running} running
            </Badge>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <QueueStopAllButton running={running} pending={decisions.stopAllPending} onStopAll={decisions.stopAll} />
          <QueueHoldButton held={held} pending={decisions.holdPending} onChange={decisions.setHold} />
        </Group>
      </Group>
      {held && <QueueHeldNotice />}
      {query.isError && (
        <QueryError
          title="Could not refresh the queue"
          description="The list below may be out of date."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="queue-empty">
          <Text c="dimmed">{EMPTY_TEXT}</Text>
        </Paper>
      ) : (
        <>
          <QueueBulkBar
            total={query.data.items.length}
            selected={chosen.length}
            rejectable={allowing('reject').length}
            skippable={allowing('skip').length}
            busy={busy.size > 0}
            onSelectAll={(all) => setSelected(all ? new Set(query.data.items.map((i) => i.historyId)) : new Set())}
            onBulk={onBulk}
          />
          <WindowedList rows={rows} heightOf={heightOf} renderRow={renderRow} label="Triggers in the queue" />
        </>
      )}
      {/* Phones have no keys to press. */}
      <Text size="xs" c="dimmed" visibleFrom="sm">
        Keys: <Kbd size="xs">A</Kbd> approves and <Kbd size="xs">R</Kbd> rejects the oldest trigger awaiting approval.
      </Text>
    </Stack>
  );
}

function GroupHeading({ label, count }: { label: string; count: number }) {
  return (
    <div className={classes.group}>
      <Text size="sm" fw={700} truncate>
        {label}
      </Text>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {count} {count === 1 ? 'trigger' : 'triggers'}
      </Text>
    </div>
  );
}

const pick = (e: KeyboardEvent) => ({
  key: e.key,
  ctrlKey: e.ctrlKey,
  metaKey: e.metaKey,
  altKey: e.altKey,
  repeat: e.repeat,
  defaultPrevented: e.defaultPrevented,
});
