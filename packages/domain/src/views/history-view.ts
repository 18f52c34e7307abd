import { MAX_DELIVERY_ATTEMPTS } from '../delivery-retries';
import { deliveryStateOf, type TTransactionDelivery } from '../delivery-states';
import type { TEffectState } from '../effects';
import type { TActionHistoryRecord, THistoryFlags } from '../history';
import type { TQueueMark } from '../trigger-states';
import { countOf, isoOf, isSet, outcomeOf, type StoredCount, type StoredFlag } from './stored';

/** A trigger's flags as stored. */
export interface StoredTriggerFlags {
  refunded: StoredFlag;
  is_test: StoredFlag;
  success: number | null;
  /** The streamer's mark on it (awaiting_approval, rejected, expired, skipped), if any. */
  queue_state?: TQueueMark | null;
  /** A timed effect's state once started. */
  effect_state?: TEffectState | null;
}

/** A trigger's own deliveries (resends left out), summed up where it is read. */
export interface StoredDeliverySummary {
  /** The most tries any of them made. */
  delivery_attempts: StoredCount;
  /** How many failed a try and wait for another. */
  delivery_retrying: StoredCount;
}

/** A trigger as stored, with who made it and its deliveries' summary. */
export interface StoredHistoryRecord extends StoredTriggerFlags, StoredDeliverySummary {
  id: number;
  created_at: number;
  user_id: number;
  action_name: string;
  cost: number;
  username: string | null;
}

const flagsOf = (row: StoredTriggerFlags): THistoryFlags => ({
  refunded: isSet(row.refunded),
  isTest: isSet(row.is_test),
  success: outcomeOf(row.success),
});

const retrying = (row: StoredDeliverySummary): boolean => countOf(row.delivery_retrying) > 0;

const stateOf = (row: StoredTriggerFlags & StoredDeliverySummary) =>
  deliveryStateOf({ ...flagsOf(row), mark: row.queue_state ?? null, effect: row.effect_state ?? null }, retrying(row));

/** One trigger as the admin list shows it. */
export function toHistoryRecord(row: StoredHistoryRecord): TActionHistoryRecord {
  const flags = flagsOf(row);
  return {
    id: row.id,
    timestamp: isoOf(row.created_at),
    userId: row.user_id,
    username: row.username,
    actionName: row.action_name,
    cost: row.cost,
    ...flags,
    deliveryState: stateOf(row),
    attempts: countOf(row.delivery_attempts),
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
  };
}

/** The trigger behind an 'action' ledger row, as stored. */
export interface StoredTriggerDelivery extends StoredTriggerFlags, StoredDeliverySummary {
  /** The trigger's history id. */
  id: number;
}

/** Where the trigger behind an 'action' ledger row stands. */
export function toTransactionDelivery(row: StoredTriggerDelivery): TTransactionDelivery {
  return {
    historyId: row.id,
    state: stateOf(row),
    attempts: countOf(row.delivery_attempts),
    maxAttempts: MAX_DELIVERY_ATTEMPTS,
  };
}
