import { TRIGGER_STATES, type TTriggerState } from './trigger-states';

/**
 * The receipt statuses sent to the paying viewer over /ws: the trigger states (trigger-states.ts).
 * Apart from any zod schema so the web app's shell (which checks socket messages against it) loads without zod.
 */
export const RECEIPT_STATUSES = TRIGGER_STATES;
export type TReceiptStatus = TTriggerState;
