import { z } from 'zod';
import { TRIGGER_STATES } from './trigger-states';

// The control room's inputs and outputs; apart from trigger-states.ts so receipts load no zod.

export const MIN_APPROVAL_TIMEOUT_SECONDS = 10;
export const MAX_APPROVAL_TIMEOUT_SECONDS = 3600;
export const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 120;
export const MAX_GAP_SECONDS = 600;
export const MAX_QUEUE_GROUP_LENGTH = 40;

/** The action form's queue fields; the create input gives them their defaults. */
export const ZQueueFields = z.object({
  requiresApproval: z.boolean({ error: 'requiresApproval must be true or false' }),
  approvalTimeoutSeconds: z
    .number({ error: 'Approval timeout must be a number' })
    .int('Approval timeout must be a whole number of seconds')
    .min(MIN_APPROVAL_TIMEOUT_SECONDS, 'Approval timeout must be at least 10 seconds')
    .max(MAX_APPROVAL_TIMEOUT_SECONDS, 'Approval timeout must be at most 3600 seconds'),
  queueGroup: z
    .string({ error: 'Queue group must be text' })
    .trim()
    .min(1, 'Queue group must be 1 to 40 characters')
    .max(MAX_QUEUE_GROUP_LENGTH, 'Queue group must be 1 to 40 characters')
    .nullable(),
  gapSeconds: z
    .number({ error: 'Gap must be a number' })
    .int('Gap must be a whole number of seconds')
    .min(0, 'Gap cannot be negative')
    .max(MAX_GAP_SECONDS, 'Gap must be at most 600 seconds'),
});

export const QUEUE_FIELD_DEFAULTS = {
  requiresApproval: false,
  approvalTimeoutSeconds: DEFAULT_APPROVAL_TIMEOUT_SECONDS,
  queueGroup: null,
  gapSeconds: 0,
} as const;

const isoInstant = z.string().describe('ISO 8601 instant, UTC');

export const ZQueueItemOut = z.object({
  historyId: z.number().int(),
  actionId: z.number().int().nullable(),
  actionName: z.string(),
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  cost: z.number().int(),
  state: z.enum(TRIGGER_STATES),
  queueGroup: z.string().nullable(),
  position: z
    .number()
    .int()
    .nullable()
    .describe('1-based place within its queue group, or among the ungrouped triggers of its endpoint lane'),
  enqueuedAt: isoInstant,
  eta: isoInstant.nullable().describe('when it is expected to be sent (an estimate); null when unknown'),
  approvalExpiresAt: isoInstant.nullable(),
  attempt: z.number().int().describe('delivery attempts made so far'),
  nextAttemptAt: isoInstant.nullable(),
  endsAt: isoInstant.nullable().describe('when a running timed effect ends'),
  stopFailed: z.boolean().describe('its stop command failed for good: the effect may still be on in the game'),
  waitingFor: z
    .string()
    .nullable()
    .describe("while held for a target that does not answer: 'the game server'; null otherwise"),
});
export type TQueueItem = z.infer<typeof ZQueueItemOut>;

export const ZQueueOut = z.object({
  held: z.boolean().describe('while true, triggers are accepted and charged but nothing is sent'),
  items: z.array(ZQueueItemOut).describe('every trigger not yet at an end, oldest first'),
});
export type TQueue = z.infer<typeof ZQueueOut>;

export const ZMyQueueItemOut = ZQueueItemOut.pick({
  historyId: true,
  actionName: true,
  cost: true,
  state: true,
  position: true,
  enqueuedAt: true,
  eta: true,
  approvalExpiresAt: true,
  attempt: true,
  nextAttemptAt: true,
  endsAt: true,
  waitingFor: true,
});
export const ZMyQueueOut = z.object({ items: z.array(ZMyQueueItemOut) });
export type TMyQueue = z.infer<typeof ZMyQueueOut>;

export const ZQueueDecisionInput = z.object({
  historyId: z.coerce.number({ error: 'historyId is required' }).int().positive(),
});

export const ZQueueHoldInput = z.object({ held: z.boolean({ error: 'held must be true or false' }) });
