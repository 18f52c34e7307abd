import { z } from 'zod';
import { GAME_TYPES, TARGET_TYPES } from './actions';
import { PAYMENT_STATUSES } from './coins';
import { DELIVERY_STATES } from './delivery-states';
import { STACK_MODES } from './effects';
import { ENDPOINT_GAME_TYPES } from './endpoints';
import type { TActionHistoryRecord } from './history';
import { TRANSACTION_TYPES, type TTransaction } from './ledger';
import { TRIGGER_STATES } from './trigger-states';

/**
 * Output schemas of the API: what the procedures answer (`.output()`), and so what the OpenAPI
 * document (GET /api/openapi.json) says. The response types (TUser, TStreamAction, ...) are
 * z.infer of these, written once.
 */

const isoInstant = z.string().describe('ISO 8601 instant, UTC');

export const ZUserOut = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  coinBalance: z.number().int(),
  isAdmin: z.boolean(),
  twitchUsername: z.string().nullable(),
  twitchVerified: z.boolean().describe('The linked Twitch name was proved with Twitch (OAuth)'),
  createdAt: isoInstant,
});

export const ZStreamActionOut = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  cost: z
    .number()
    .int()
    .describe('the price a trigger sent now is charged: baseCost, raised by surge pricing while it lasts'),
  baseCost: z.number().int().describe("the streamer's price, before surge; what the admin form edits as cost"),
  gameSpecific: z.boolean(),
  gameType: z.enum(GAME_TYPES),
  targetType: z.enum(TARGET_TYPES),
  webhookAction: z.string(),
  minecraftServer: z.string().nullable(),
  active: z.boolean(),
  cooldownSeconds: z.number().int().describe('after any trigger, nobody may trigger it for this long (0: none)'),
  userCooldownSeconds: z.number().int().describe('after a viewer triggers it, that viewer waits this long (0: none)'),
  availableAt: isoInstant.nullable().describe('when the running global cooldown ends; null when none runs'),
  userAvailableAt: isoInstant
    .nullable()
    .describe("when the signed-in viewer's own cooldown ends; null when anonymous or none runs"),
  requiresApproval: z.boolean().describe('each trigger waits for the streamer to approve it'),
  approvalTimeoutSeconds: z.number().int().describe('no decision in this time: the trigger expires and is refunded'),
  queueGroup: z.string().nullable().describe('triggers of actions sharing a group are sent one at a time, in order'),
  gapSeconds: z.number().int().describe('seconds between two triggers of its queue group'),
  durationSeconds: z.number().int().describe('a timed effect lasts this long, then stopCommand is sent (0: instant)'),
  stopCommand: z.string().nullable(),
  stackMode: z
    .enum(STACK_MODES)
    .describe('a trigger while it runs: waits (queue), lengthens it (extend) or is refused'),
  waitForTarget: z.boolean().describe('an unreachable target is waited for, up to holdMaxSeconds, then refunded'),
  holdMaxSeconds: z.number().int(),
  stock: z.number().int().nullable().describe('triggers left to sell (null: unlimited); the admin restocks'),
  perStreamLimit: z.number().int().nullable(),
  perViewerPerStreamLimit: z.number().int().nullable(),
  surgePercent: z.number().int().describe('each trigger raises the price by this percent of the base (0: off)'),
  surgeDecaySeconds: z.number().int().describe('how long one step of surge takes to fade'),
  surgeMaxMultiplier: z.number().describe('the price never passes cost x this'),
  stockLeft: z.number().int().nullable().describe('null: unlimited'),
  streamLimitLeft: z.number().int().nullable().describe('triggers left this stream, everyone together; null: no limit'),
  viewerLimitLeft: z
    .number()
    .int()
    .nullable()
    .describe('triggers left this stream for the signed-in viewer; null: no limit or anonymous'),
  limitWindow: z.enum(['stream', 'day']).describe("what 'per stream' means now: the Twitch broadcast, or the UTC day"),
  currentCost: z.number().int().describe('the same as cost; kept for clients written before cost meant the price now'),
  poolGoal: z.number().int().nullable().describe('a crowd goal: viewers put coins toward it; null: triggered alone'),
  poolWindowSeconds: z.number().int().describe('how long a crowd goal stays open after its first contribution'),
});

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

export const ZTransactionOut = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number().int().describe('coins: positive credits, negative debits'),
  description: z.string(),
  createdAt: isoInstant,
  delivery: z
    .object({
      historyId: z.number().int(),
      state: z.enum(DELIVERY_STATES),
      attempts: z.number().int(),
      maxAttempts: z.number().int(),
    })
    .nullable()
    .optional()
    .describe("'action' rows: where that trigger's delivery stands"),
});

export const ZUserStatsOut = z.object({
  balance: z.number().int(),
  actionsTriggered: z.number().int(),
  totalSpent: z
    .number()
    .int()
    .describe('coins spent on actions, crowd-goal shares and gifts sent, less their refunds: the Spending rows'),
  coinsPurchased: z.number().int().describe('coins bought, less chargebacks: the Purchases rows'),
});

export const ZCategoryOut = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  active: z.boolean(),
  createdAt: isoInstant,
  actionCount: z.number().int().describe('actions filed under it'),
});

export const ZCategoryDeletedOut = z.object({
  status: z.literal('success'),
  uncategorisedActions: z.number().int(),
});

export const ZWebhookEndpointOut = z.object({
  id: z.number().int(),
  url: z.string(),
  secretKey: z.string().describe('always masked once saved: secrets are write-only'),
  hasSecret: z.boolean(),
  description: z.string(),
  gameType: z.enum(ENDPOINT_GAME_TYPES),
  active: z.boolean(),
  overlayUrl: z
    .string()
    .nullable()
    .describe('overlay:// endpoints: the secret page URL for the OBS browser source (admins only); else null'),
  showUpNext: z
    .boolean()
    .describe('overlay:// endpoints: the overlay page also lists the next three triggers in line; false for others'),
});

export const ZSuccessOut = z.object({ status: z.literal('success'), message: z.string().optional() });

export const ZPurchaseResultOut = z.object({
  status: z.literal('success'),
  coinsAdded: z.number().int(),
  balance: z.number().int(),
  alreadyCredited: z.boolean(),
});

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

export const ZTriggerResultOut = z.object({
  status: z.literal('success'),
  message: z.string(),
  historyId: z.number().int(),
  balance: z.number().int(),
  deliveries: z.number().int().describe('targets the trigger was queued to'),
  state: z
    .enum(TRIGGER_STATES)
    .describe(
      'where the trigger stood when accepted (awaiting_approval, queued, held, running); a replay answers the first reply, GET /api/queue/mine tells where it stands now',
    ),
});

const ZTargetTestOut = z.object({
  endpointId: z.number().int(),
  description: z.string(),
  success: z.boolean(),
  message: z.string(),
  durationMs: z.number(),
});

export const ZTestActionResultOut = z.object({
  status: z.literal('success'),
  message: z.string(),
  historyId: z.number().int(),
  results: z.array(ZTargetTestOut),
});

export const ZEndpointTestResultOut = z.object({
  success: z.boolean(),
  message: z.string(),
  durationMs: z.number(),
});

export const ZRustPlayerOut = z.object({ steamId: z.string(), username: z.string() });

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

export const ZLeaderboardEntryOut = z.object({
  userId: z.number().int(),
  username: z.string().describe('the login name'),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  actionCount: z.number().int(),
  totalCost: z.number().int(),
});

export const ZPublicProfileOut = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  createdAt: isoInstant,
  actionCount: z.number().int(),
  actionHistory: z.array(
    z.object({
      id: z.number().int(),
      actionName: z.string(),
      timestamp: isoInstant,
      cost: z.number().int(),
      success: z.boolean().nullable(),
      refunded: z.boolean(),
    }),
  ),
});

const ZStreamNotes = {
  stale: z.boolean().describe('True when Twitch could not be reached and this is the last known state'),
  note: z
    .string()
    .nullable()
    .describe(
      'Why this is not live data (a missing setting, Twitch unreachable); sent to admins only, null for others',
    ),
};

export const ZShopStatusOut = z.object({
  paused: z.boolean(),
  reason: z.enum(['manual', 'offline']).nullable(),
  autoPauseWhenOffline: z.boolean(),
  autoPauseAvailable: z.boolean().describe('false when Twitch is not configured: auto-pause cannot see the stream'),
});

export const ZStreamStatusOut = z.object({
  isLive: z.boolean(),
  currentGame: z.string().nullable(),
  gameType: z.enum(['minecraft', 'rust', 'any']),
  username: z.string().nullable(),
  ...ZStreamNotes,
});

export const ZStreamInfoOut = z.object({
  thumbnailUrl: z.string().nullable(),
  title: z.string().nullable(),
  viewerCount: z.number().int(),
  profileImage: z.string().nullable(),
  isLive: z.boolean(),
  lastBroadcast: z.object({ title: z.string(), game: z.string().nullable(), date: isoInstant }).nullable(),
  ...ZStreamNotes,
});

export const ZSocialContentOut = z.object({
  tiktok: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      thumbnail: z.string().nullable(),
      views: z.number().int().nullable(),
      likes: z.number().int().nullable(),
      date: isoInstant,
      url: z.string(),
    }),
  ),
  youtube: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      thumbnail: z.string().nullable(),
      views: z.number().int().nullable(),
      length: z.number().int().nullable().describe('Seconds, when the source says; the public feed does not'),
      date: isoInstant,
      url: z.string(),
    }),
  ),
  notes: z
    .object({ tiktok: z.string().nullable(), youtube: z.string().nullable() })
    .describe(
      'Per source, why its list is empty or old (a missing setting, an upstream failure); sent to admins only, null when fine and for others',
    ),
});

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
