import { z } from 'zod';
import { optionalHttpUrl } from './validation';

/** Upper bounds that keep sums far from overflow and catch a typo of extra zeros. */
export const MAX_PACKAGE_COINS = 1_000_000;
export const MAX_PACKAGE_PRICE_CENTS = 100_000_00;
export const MAX_PACKAGE_SORT_ORDER = 10_000;

const positiveInt = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .positive(`${what} must be greater than 0`);

export const ZCoinPackageInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  description: z.string().trim().max(500).default(''),
  imageUrl: optionalHttpUrl('Image URL'),
  amount: positiveInt('Amount').max(MAX_PACKAGE_COINS, 'Amount must be at most 1,000,000 coins'),
  /** Integer cents: 499 is $4.99. */
  price: positiveInt('Price').max(MAX_PACKAGE_PRICE_CENTS, 'Price must be at most $100,000.00'),
  active: z.boolean().default(true),
});
export type TCoinPackageInput = z.input<typeof ZCoinPackageInput>;
export type TCoinPackageInputParsed = z.output<typeof ZCoinPackageInput>;

const ZSortOrder = z
  .number({ error: 'Sort order must be a whole number' })
  .int('Sort order must be a whole number')
  .min(0, 'Sort order must be 0 or more')
  .max(MAX_PACKAGE_SORT_ORDER, 'Sort order must be at most 10,000');

export const ZCoinPackageUpdate = ZCoinPackageInput.partial().extend({
  id: z.number().int().positive(),
  sortOrder: ZSortOrder.optional(),
});
export type TCoinPackageUpdate = z.input<typeof ZCoinPackageUpdate>;

/** The whole order at once, first package first: one transaction instead of one update per package. */
export const ZCoinPackageOrder = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of package ids' })
    .min(1, 'ids must name at least one package')
    .max(MAX_PACKAGE_SORT_ORDER, 'ids must name at most 10,000 packages')
    .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat a package'),
});
export type TCoinPackageOrder = z.input<typeof ZCoinPackageOrder>;

export const ZPackageId = z.object({ id: z.coerce.number().int().positive() });

export const PAYMENT_CURRENCY = 'USD';

/** PayPal's amount format: dollars with at most two decimals, never a float. */
export const ZMoneyValue = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'amount must look like 4.99');

export const ZCreateOrder = z
  .object({
    amount: ZMoneyValue.optional(),
    currency: z.literal(PAYMENT_CURRENCY, { error: 'currency must be USD' }).default(PAYMENT_CURRENCY),
    intent: z.literal('CAPTURE', { error: 'intent must be CAPTURE' }).default('CAPTURE'),
    packageId: z.coerce.number().int().positive().optional(),
  })
  .refine((v) => v.amount !== undefined || v.packageId !== undefined, {
    message: 'packageId is required',
    path: ['packageId'],
  });
export type TCreateOrder = z.input<typeof ZCreateOrder>;
export type TCreateOrderParsed = z.output<typeof ZCreateOrder>;

export const ZOrderId = z
  .string()
  .trim()
  .min(1, 'paypalOrderId is required')
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, {
    message: 'paypalOrderId is not a valid order id',
  });

export const ZPurchase = z.object({
  packageId: z.coerce.number({ error: 'packageId is required' }).int().positive(),
  paypalOrderId: ZOrderId,
});
export type TPurchase = z.input<typeof ZPurchase>;

export const ZCaptureOrder = z.object({
  orderId: ZOrderId,
  packageId: z.coerce.number().int().positive().optional(),
});
export type TCaptureOrder = z.input<typeof ZCaptureOrder>;

/** Dollars-and-cents text to integer cents without floating point: '4.99' -> 499, '10' -> 1000. */
export function moneyValueToCents(value: string): number {
  const parsed = ZMoneyValue.safeParse(value);
  if (!parsed.success) throw new Error(`not a money amount: ${value}`);
  const [dollars = '0', cents = ''] = value.split('.');
  return Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
}

/**
 * A price as an admin types it, in dollars ('4.99', '$10', '1,250.5'), to integer cents; null when
 * it is not dollars with at most two decimals. Bounds are ZCoinPackageInput's to check.
 */
export function parseDollars(text: string): number | null {
  const clean = text
    .trim()
    .replace(/^\$\s*/, '')
    .replaceAll(',', '');
  return ZMoneyValue.safeParse(clean).success ? moneyValueToCents(clean) : null;
}

/** Integer cents as editable dollars without separators: 499 -> '4.99', 1000 -> '10.00'. */
export function centsToDollarText(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`cents must be a non-negative integer, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export const PRICE_FORMAT_MESSAGE = 'Price must be in dollars, like 4.99';

export interface CapturedPayment {
  status: string;
  amountCents: number;
  currency: string;
}

/**
 * The only rule for crediting money: the capture is COMPLETED, in USD, for exactly the package
 * price. The amount the client claimed is never consulted.
 */
export function checkCapturedPayment(
  capture: CapturedPayment | null,
  expectedCents: number,
): { ok: true } | { ok: false; reason: string } {
  if (!capture) return { ok: false, reason: 'The payment has not been captured' };
  if (capture.status !== 'COMPLETED') {
    return { ok: false, reason: `The payment is not completed (status ${capture.status})` };
  }
  if (capture.currency !== PAYMENT_CURRENCY) {
    return { ok: false, reason: `The payment currency ${capture.currency} is not ${PAYMENT_CURRENCY}` };
  }
  if (capture.amountCents !== expectedCents) {
    return { ok: false, reason: 'The paid amount does not match the package price' };
  }
  return { ok: true };
}

/**
 * Where a payment order stands: created (waiting for the buyer or for PayPal), credited (coins
 * added), refused (nothing was captured), refunded (captured but not creditable, so PayPal gave the
 * money back), reversed (credited, then refunded or reversed at PayPal and the coins taken back).
 */
export const PAYMENT_STATUSES = ['created', 'credited', 'refused', 'refunded', 'reversed'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
