import type {
  ActionHistoryRow,
  ClaimedDelivery,
  InsertedLease,
  StreamActionRow,
  UserRow,
  WebhookEndpointRow,
} from '@shop/db';
import type { DeliveryPayload, DeliveryTarget } from '@shop/dispatch';
import type { KnownTrigger, TimedEffect } from './outcome';

/** What recording a delivered start needs of a trigger's effect (null: instant). */
export function timedOf(history: Pick<ActionHistoryRow, 'duration_seconds' | 'stop_command'>): TimedEffect | null {
  return history.duration_seconds > 0 && history.stop_command !== null
    ? { durationSeconds: history.duration_seconds, stopCommand: history.stop_command }
    : null;
}

import { buildPayload, type HoldPolicy, holdPolicyOf } from './payload';

/** What one send needs; a trigger hands it over from memory, a claimed row has it read back. */
export interface Prepared {
  target: DeliveryTarget;
  payload: DeliveryPayload;
  viewer: { username: string; displayName: string | null };
  hold: HoldPolicy | null;
  /** The trigger's timed effect, or null for an instant action: recording a delivered start needs it. */
  timed: TimedEffect | null;
}

/** A delivery its trigger inserted already leased to this worker (see leaseFor), with its send. */
export interface HandOff {
  row: ClaimedDelivery;
  prepared: Prepared;
  trigger: KnownTrigger;
}

/** A trigger as it committed: what the worker needs to send its deliveries without reading them back. */
export interface CommittedTrigger {
  history: ActionHistoryRow;
  user: UserRow;
  action: StreamActionRow;
  command: string;
  /** The lease `leaseFor` gave before the insert; null when the rows were queued for a claim instead. */
  lease: InsertedLease | null;
  /** One per endpoint, in the order the deliveries were inserted. */
  deliveries: { id: number; endpoint: WebhookEndpointRow }[];
}

/** The trigger's deliveries as the worker would have claimed and read them. */
export function handOffsOf(trigger: CommittedTrigger, lease: InsertedLease): HandOff[] {
  const { history, user, action, command } = trigger;
  const at = history.created_at;
  const known: KnownTrigger = { history, deliveries: trigger.deliveries.length };
  return trigger.deliveries.map(({ id, endpoint }) => ({
    row: {
      id,
      history_id: history.id,
      endpoint_id: endpoint.id,
      command,
      status: 'in_flight',
      attempts: 0,
      next_attempt_at: at,
      locked_until: lease.lockedUntil,
      lease_token: lease.token,
      is_resend: 0,
      kind: 'start',
      held_since: null,
      last_error: null,
      response: null,
      created_at: at,
      updated_at: at,
    },
    prepared: {
      target: { url: endpoint.url, secret: endpoint.secret_key },
      payload: buildPayload(history, user, action, { id, command }),
      viewer: { username: user.username, displayName: user.display_name || null },
      hold: holdPolicyOf(action),
      timed: timedOf(history),
    },
    trigger: known,
  }));
}
