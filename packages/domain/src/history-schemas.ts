import { z } from 'zod';
import { DELIVERY_STATES, DELIVERY_STATUSES } from './delivery-states';
import {
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  HISTORY_STATUS_FILTERS,
  type TActionHistoryRecord,
  type TDeliveryDetail,
} from './history';
import { isoInstant } from './instant-schemas';
import type { TTransaction } from './ledger';
import type { ZTransactionOut } from './ledger-schemas';
import { ZSuccessOut } from './reply-schemas';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * `GET /api/admin/action-history?userId=&username=&actionName=&status=&cursor=&limit=`; every
 * filter is optional and they combine. actionName matches part of the name in any case; status
 * takes the panel's words in any case ('Pending' or 'pending').
 */
export const ZHistoryQuery = z
  .object({
    userId: z.coerce
      .number({ error: 'userId must be a number' })
      .int('userId must be a whole number')
      .positive()
      .optional(),
    username: optionalText(100),
    actionName: optionalText(100),
    status: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z.enum(HISTORY_STATUS_FILTERS, { error: 'status must be refunded, test, success, failed or pending' }).optional(),
    ),
    cursor: z.string().max(100).nullish(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(HISTORY_PAGE_MAX, `limit must be at most ${HISTORY_PAGE_MAX}`)
      .default(HISTORY_PAGE_DEFAULT),
  })
  .prefault({});
export type THistoryQuery = z.input<typeof ZHistoryQuery>;

/** TDeliveryDetail as the API reference documents it. */
export const ZDeliveryDetailOut = z.object({
  id: z.number().int(),
  endpointId: z.number().int().nullable(),
  endpointDescription: z.string().nullable(),
  endpointLabel: z.string().nullable().describe("e.g. 'Minecraft server at host:port'; never a secret"),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  response: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isResend: z.boolean(),
}) satisfies z.ZodType<TDeliveryDetail>;

export const ZResendOutcomeOut = z.object({
  status: z.enum(['pending', 'delivered', 'failed']),
  error: z.string().nullable(),
  at: isoInstant,
});

export const ZActionHistoryRecordOut = z.object({
  id: z.number().int(),
  timestamp: isoInstant,
  userId: z.number().int(),
  username: z.string().nullable(),
  actionName: z.string(),
  cost: z.number().int(),
  refunded: z.boolean(),
  isTest: z.boolean(),
  success: z.boolean().nullable(),
  deliveryState: z.enum(DELIVERY_STATES).describe('where its delivery stands now'),
  attempts: z.number().int().describe('delivery attempts made so far (the most of any target)'),
  maxAttempts: z.number().int(),
  lastResend: ZResendOutcomeOut.nullable().optional(),
});

export const ZResendResultOut = ZSuccessOut.extend({ deliveries: z.number().int() });

/**
 * Compile-time: the two response types still written by hand (a field that is optional in the type
 * but nullable here) accept what their schema documents. Every other response type is z.infer of
 * its schema, so it cannot drift.
 */
type Accepts<Schema, T> = [T] extends [Schema] ? true : false;
type Assert<T extends true> = T;
export type ApiSchemaChecks = [
  Assert<Accepts<z.infer<typeof ZTransactionOut>, TTransaction>>,
  // lastResend is optional: zod's optional also admits undefined, so only one direction holds.
  Assert<Accepts<z.infer<typeof ZActionHistoryRecordOut>, TActionHistoryRecord>>,
];
