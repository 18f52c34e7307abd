/**
 * The receipt statuses sent to the paying viewer over /ws. Apart from any zod schema so the web
 * app's shell (which checks socket messages against it) loads without zod.
 */
export const RECEIPT_STATUSES = ['queued', 'delivered', 'retrying', 'refunded', 'failed'] as const;
export type TReceiptStatus = (typeof RECEIPT_STATUSES)[number];
