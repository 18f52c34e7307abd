import { z } from 'zod';
import { DELIVERY_STATUSES } from './delivery-states';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX, HISTORY_STATUS_FILTERS, type TDeliveryDetail } from './history';

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
