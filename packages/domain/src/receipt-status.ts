/**
 * The receipt statuses sent to the paying viewer over /ws. Kept apart from the zod schemas of
 * live.ts so the web app's shell (which checks socket messages against it) loads without zod.
 */
export const RECEIPT_STATUSES = ['queued', 'delivered', 'retrying', 'refunded', 'failed'] as const;
export type TReceiptStatus = (typeof RECEIPT_STATUSES)[number];
