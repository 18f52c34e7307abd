import {
  type Db,
  type Executor,
  listOpenTriggers,
  listQueueGroups,
  type OpenTriggerRow,
  readQueueHeld,
} from '@shop/db';
import { type LineEntry, placesInLine, type TQueue, type TQueueItem, waitingForOf } from '@shop/domain';
import { openStateOf } from './open-state';

/** About how long one send takes: the estimate's unit (a target answers in well under a second). */
export const SEND_ESTIMATE_MS = 1_000;

export interface QueueViewOptions {
  now: number;
  laneConcurrency: number;
}

const count = (value: number | string | null) => Number(value ?? 0);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

function stateOf(row: OpenTriggerRow, held: boolean) {
  return openStateOf({
    refunded: false,
    success: row.success === null ? null : row.success === 1,
    mark: row.queue_state,
    queueHeld: held,
    inFlight: count(row.in_flight),
    retrying: count(row.retrying),
    // A stop that failed for good leaves the effect possibly on: it stays 'running' until stopped.
    effect: row.effect_state === 'stop_failed' ? 'running' : row.effect_state,
    waitingForTarget: count(row.waiting_for_target),
    onItsWay: count(row.on_its_way),
  });
}

/** The control room's queue, from the open triggers, the hold switch and the groups' gaps. */
export async function readQueue(db: Db | { kysely: Executor }, options: QueueViewOptions, userId?: number) {
  const [rows, held, groups] = await Promise.all([
    listOpenTriggers(db.kysely, userId),
    readQueueHeld(db.kysely),
    listQueueGroups(db.kysely),
  ]);
  return queueOf(rows, held, groups, options);
}

export function queueOf(
  rows: readonly OpenTriggerRow[],
  held: boolean,
  groups: readonly { name: string; free_at: number }[],
  { now, laneConcurrency }: QueueViewOptions,
): TQueue {
  const entries: LineEntry[] = rows.map((row) => ({
    historyId: row.id,
    state: stateOf(row, held),
    queueGroup: row.queue_group,
    endpointId: row.endpoint_id,
    rank: Number(row.queue_rank),
    dueAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
    gapSeconds: count(row.gap_seconds),
    nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
    endsAt: row.ends_at === null ? null : Number(row.ends_at),
  }));
  const places = placesInLine(entries, {
    now,
    perItemMs: SEND_ESTIMATE_MS,
    laneConcurrency,
    groupFreeAt: new Map(groups.map((g) => [g.name, g.free_at])),
  });
  const items = rows.map((row, i): TQueueItem => {
    const entry = entries[i] as LineEntry;
    const place = places.get(row.id) ?? { position: null, eta: null };
    const retrying = entry.state === 'retrying';
    return {
      historyId: row.id,
      actionId: row.action_id,
      actionName: row.action_name,
      userId: row.user_id,
      username: row.username,
      displayName: row.display_name,
      cost: row.cost,
      state: entry.state,
      queueGroup: row.queue_group,
      position: place.position,
      enqueuedAt: new Date(Number(row.created_at)).toISOString(),
      eta: iso(place.eta),
      approvalExpiresAt: entry.state === 'awaiting_approval' ? iso(Number(row.approval_expires_at)) : null,
      attempt: count(row.attempts),
      nextAttemptAt: retrying || entry.state === 'held' ? iso(entry.nextAttemptAt) : null,
      endsAt: entry.state === 'running' ? iso(row.ends_at === null ? null : Number(row.ends_at)) : null,
      stopFailed: row.effect_state === 'stop_failed',
      waitingFor: count(row.waiting_for_target) > 0 ? waitingForOf(row.held_error) : null,
    };
  });
  return { held, items };
}
