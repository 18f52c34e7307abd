import { z } from 'zod';
import { PAYMENT_STATUSES } from './coins';
import { isoInstant } from './instant-schemas';

export const ZCoinPackageOut = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  amount: z.number().int().describe('coins'),
  price: z.number().int().describe('US cents'),
  active: z.boolean(),
  sortOrder: z.number().int().describe('position in the shop, smallest first'),
});

/** A coin package as clients see it: amount in whole coins, price in integer US cents. */
export type TCoinPackage = z.infer<typeof ZCoinPackageOut>;

export const ZPurchaseResultOut = z.object({
  status: z.literal('success'),
  coinsAdded: z.number().int(),
  balance: z.number().int(),
  alreadyCredited: z.boolean(),
});

export type TPurchaseResult = z.infer<typeof ZPurchaseResultOut>;

export const ZOrderCreatedOut = z.object({ id: z.string().describe('the payment order id') });

export const ZAdminPaymentOut = z.object({
  id: z.number().int(),
  orderId: z.string(),
  provider: z.string(),
  userId: z.number().int(),
  username: z.string().nullable(),
  packageName: z.string().nullable(),
  coins: z.number().int().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  coinsReclaimed: z.number().int(),
  coinsUnrecovered: z.number().int(),
  reason: z.string().nullable(),
  attentionReason: z.string().nullable(),
  needsAttention: z.boolean(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});

/** One payment as the admin payments list shows it. Money in integer cents, coins whole. */
export type TAdminPayment = z.infer<typeof ZAdminPaymentOut>;
