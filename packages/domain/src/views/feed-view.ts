import type { TPublicActionEvent } from '../realtime-messages';
import { isoOf, isSet, type StoredFlag } from './stored';

/** A trigger or a settled test as stored, with who made it. */
export interface StoredFeedEvent {
  action_name: string;
  cost: number;
  is_test: StoredFlag;
  success: number | null;
  created_at: number;
  username: string;
  display_name: string | null;
}

/** What /ws broadcast for a trigger or test when it happened (the Live Activity backlog after a restart). */
export function toFeedEvent(row: StoredFeedEvent): TPublicActionEvent {
  const isTest = isSet(row.is_test);
  return {
    type: isTest ? 'action_tested' : 'action_triggered',
    action: { name: row.action_name, cost: isTest ? 0 : row.cost },
    user: { username: row.username, displayName: row.display_name || null },
    timestamp: isoOf(row.created_at),
    // A trigger is announced when accepted (success: true); a test when its outcome is known.
    success: isTest ? row.success === 1 : true,
  };
}
