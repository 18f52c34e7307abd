import { TRIGGER_STATES, type TTriggerState } from './trigger-states';

/**
 * The receipt statuses sent to the paying viewer over /ws: the trigger states (trigger-states.ts).
 * Apart from any zod schema so the web app's shell (which checks socket messages against it) loads without zod.
 */
export const RECEIPT_STATUSES = TRIGGER_STATES;
export type TReceiptStatus = TTriggerState;

/**
 * What the viewer reads about a try that did not land. Fixed on purpose: a target's own error text
 * (a webhook's reply body, a console's answer) may carry anything, credentials included, and stays
 * with the admins (history detail, `deliveries.last_error`). No viewer-spec wording exists for these.
 */
export const RECEIPT_WORDING = {
  retrying: 'Retrying: the game server did not answer',
  failed: 'The game server did not accept the action',
} as const;
