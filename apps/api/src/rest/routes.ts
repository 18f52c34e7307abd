import type {
  TCategoryInput,
  TCoinPackageInput,
  TCoinPackageUpdate,
  TCreateOrder,
  TDeliveryPreviewInput,
  THistoryQuery,
  TLinkTwitch,
  TLogin,
  TMinecraftCommandTest,
  TOverviewQuery,
  TProfileUpdate,
  TPurchase,
  TRegister,
  TRustCommandTest,
  TStreamActionInput,
  TStreamActionUpdate,
  TTransactionsQuery,
  TTrigger,
  TWebhookEndpointInput,
  TWebhookEndpointUpdate,
} from '@shop/domain';
import {
  type TCoinPackageOrder,
  ZActionHistoryRecordOut,
  ZActionId,
  ZAdminPaymentOut,
  ZCaptureOrder,
  ZCategoryDeletedOut,
  ZCategoryInput,
  ZCategoryOut,
  ZCoinPackageInput,
  ZCoinPackageOrder,
  ZCoinPackageOut,
  ZCoinPackageUpdate,
  ZCreateOrder,
  ZDeliveryDetailOut,
  ZDeliveryPreviewInput,
  ZDeliveryPreviewOut,
  ZEndpointTest,
  ZEndpointTestResultOut,
  ZHistoryQuery,
  ZLeaderboardEntryOut,
  ZLeaderboardQuery,
  ZLinkTwitch,
  ZLogin,
  ZMinecraftCommandTest,
  ZOrderCreatedOut,
  ZOverview,
  ZOverviewQuery,
  ZPaymentSetupOut,
  ZProfileUpdate,
  ZPublicProfileOut,
  ZPurchase,
  ZPurchaseResultOut,
  ZRconTestResult,
  ZRegister,
  ZResendResultOut,
  ZRustCommandTest,
  ZRustPlayerOut,
  ZSocialContentOut,
  ZStreamActionInput,
  ZStreamActionOut,
  ZStreamActionUpdate,
  ZStreamInfoOut,
  ZStreamStatusOut,
  ZSuccessOut,
  ZTestActionResultOut,
  ZTransactionOut,
  ZTransactionsQuery,
  ZTrigger,
  ZTriggerResultOut,
  ZUserOut,
  ZUserStatsOut,
  ZWebhookEndpointInput,
  ZWebhookEndpointOut,
  ZWebhookEndpointUpdate,
} from '@shop/domain';
import { z } from 'zod';
import { adminToolsRestRoutes } from '../routers/admin/rest';
import { earningRestRoutes } from '../routers/earning/rest';
import { shopRestRoutes } from '../routers/shop/rest';
import { type RestRoute, unchecked } from './adapter';

type IdParams = { id: string };

/** Path parameters and query strings arrive as text; the procedures' schemas coerce and check them. */
const params = <T>(req: { params: unknown }) => unchecked<T>(req.params);
const query = <T>(req: { query: unknown }) => unchecked<T>(req.query);
const body = <T>(req: { body: unknown }) => unchecked<T>(req.body);

const accounts: RestRoute[] = [
  {
    method: 'POST',
    url: '/api/register',
    call: (c, req) => c.auth.register(body<TRegister>(req)),
    doc: {
      summary: 'Create an account and sign in (sets the session cookie)',
      tag: 'Accounts',
      access: 'public',
      body: ZRegister,
      response: ZUserOut,
      errors: [409, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/login',
    call: (c, req) => c.auth.login(body<TLogin>(req)),
    doc: {
      summary: 'Sign in with username and password (sets the session cookie)',
      tag: 'Accounts',
      access: 'public',
      body: ZLogin,
      response: ZUserOut,
      errors: [401, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/logout',
    call: (c) => c.auth.logout(),
    doc: {
      summary: 'Sign out: ends the session and clears the cookie',
      tag: 'Accounts',
      access: 'public',
      response: ZSuccessOut,
    },
  },
  {
    method: 'GET',
    url: '/api/user',
    call: (c) => c.user.get(),
    doc: {
      summary: 'The signed-in user, with the coin balance',
      tag: 'Accounts',
      access: 'signed-in',
      response: ZUserOut,
    },
  },
  {
    method: 'PATCH',
    url: '/api/user/profile',
    call: (c, req) => c.user.updateProfile(body<TProfileUpdate>(req)),
    doc: {
      summary: 'Change the display name and profile picture',
      tag: 'Accounts',
      access: 'signed-in',
      body: ZProfileUpdate,
      response: ZUserOut,
    },
  },
  {
    method: 'POST',
    url: '/api/user/link-twitch',
    call: (c, req) => c.user.linkTwitch(body<TLinkTwitch>(req)),
    doc: {
      summary: 'Link (or unlink with null) a Twitch name for watch-time rewards',
      tag: 'Accounts',
      access: 'signed-in',
      body: ZLinkTwitch,
      response: ZUserOut,
      errors: [409],
    },
  },
];

const coins: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/coin-packages',
    call: (c) => c.coins.listPackages(),
    doc: {
      summary: 'The coin packages on sale, in shop order (price in US cents)',
      tag: 'Coins',
      access: 'public',
      response: z.array(ZCoinPackageOut),
    },
  },
  {
    method: 'GET',
    url: '/api/admin/coin-packages',
    call: (c) => c.coins.listAllPackages(),
    doc: {
      summary: 'Every coin package, disabled ones included, in shop order',
      tag: 'Coins',
      access: 'admin',
      response: z.array(ZCoinPackageOut),
    },
  },
  {
    method: 'POST',
    url: '/api/admin/coin-packages',
    call: (c, req) => c.coins.createPackage(body<TCoinPackageInput>(req)),
    doc: {
      summary: 'Create a coin package (price in integer US cents); it goes last in the shop order',
      tag: 'Coins',
      access: 'admin',
      body: ZCoinPackageInput,
      response: ZCoinPackageOut,
    },
  },
  {
    // Before /:id so 'order' is never read as an id.
    method: 'PUT',
    url: '/api/admin/coin-packages/order',
    call: (c, req) => c.coins.reorderPackages(body<TCoinPackageOrder>(req)),
    doc: {
      summary: 'Set the shop order of coin packages: ids first to last, applied in one transaction',
      tag: 'Coins',
      access: 'admin',
      body: ZCoinPackageOrder,
      response: z.array(ZCoinPackageOut),
    },
  },
  {
    method: 'PATCH',
    url: '/api/admin/coin-packages/:id',
    call: (c, req) => c.coins.updatePackage({ ...body<TCoinPackageUpdate>(req), id: Number(params<IdParams>(req).id) }),
    doc: {
      summary: 'Change some fields of a coin package (active false hides it from the shop)',
      tag: 'Coins',
      access: 'admin',
      body: ZCoinPackageUpdate.omit({ id: true }),
      response: ZCoinPackageOut,
    },
  },
  {
    method: 'DELETE',
    url: '/api/admin/coin-packages/:id',
    call: (c, req) => c.coins.deletePackage({ id: params<IdParams>(req).id }),
    doc: {
      summary: 'Delete a coin package (payments already made keep their snapshot of it)',
      tag: 'Coins',
      access: 'admin',
      response: ZSuccessOut,
    },
  },
  {
    method: 'GET',
    url: '/api/transactions',
    // Existing clients read a list: the page stays a plain array, and where the next one starts
    // travels in a header (also as a Link, rel=next) rather than silently stopping.
    call: async (c, req, reply) => {
      const page = await c.transactions.list(query<TTransactionsQuery>(req));
      if (page.nextCursor) {
        reply.header('X-Next-Cursor', page.nextCursor);
        const next = new URLSearchParams({ ...query<Record<string, string>>(req), cursor: page.nextCursor });
        reply.header('Link', `</api/transactions?${next.toString()}>; rel="next"`);
      }
      return page.items;
    },
    doc: {
      summary: "The signed-in viewer's ledger, newest first, one page at a time",
      tag: 'Coins',
      access: 'signed-in',
      query: ZTransactionsQuery,
      response: z.array(ZTransactionOut),
      description:
        'The page is a plain array. When older rows exist, X-Next-Cursor holds the cursor of the next page and Link names its URL (rel="next"); no header means this was the last page.',
      responseHeaders: {
        'X-Next-Cursor': 'pass as cursor to read the next (older) page; absent on the last page',
        Link: '<URL of the next page>; rel="next"',
      },
    },
  },
  {
    method: 'GET',
    url: '/api/transactions/stats',
    call: (c) => c.transactions.stats(),
    doc: {
      summary: "The signed-in viewer's dashboard figures: balance, actions, coins spent and bought",
      tag: 'Coins',
      access: 'signed-in',
      response: ZUserStatsOut,
    },
  },
];

const payments: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/paypal/setup',
    call: (c) => c.payments.getSetup(),
    doc: {
      summary: 'How the shop takes payments: PayPal (with the client id) or the demo checkout',
      tag: 'Payments',
      access: 'public',
      response: ZPaymentSetupOut,
    },
  },
  {
    method: 'POST',
    url: '/api/paypal/order',
    call: (c, req) => c.payments.createOrder(body<TCreateOrder>(req)),
    doc: {
      summary: 'Create a payment order for a coin package (the price comes from the package, never the client)',
      tag: 'Payments',
      access: 'signed-in',
      body: ZCreateOrder,
      response: ZOrderCreatedOut,
      errors: [404, 429, 502, 503],
    },
  },
  {
    method: 'POST',
    url: '/api/paypal/order/:orderId/capture',
    call: (c, req) =>
      c.payments.captureOrder({
        orderId: params<{ orderId: string }>(req).orderId,
        packageId: query<{ packageId?: string }>(req).packageId,
      }),
    doc: {
      summary: 'Capture a PayPal order and credit its coins, at most once per order',
      tag: 'Payments',
      access: 'signed-in',
      query: ZCaptureOrder.pick({ packageId: true }),
      response: ZPurchaseResultOut,
      errors: [409, 422, 429, 502, 503],
    },
  },
  // Both spellings are in use by existing clients.
  {
    method: 'POST',
    url: '/api/purchases',
    call: (c, req) => c.payments.purchase(body<TPurchase>(req)),
    doc: {
      summary: 'Capture a paid order and credit its coins, at most once per order',
      tag: 'Payments',
      access: 'signed-in',
      body: ZPurchase,
      response: ZPurchaseResultOut,
      errors: [404, 409, 422, 429, 502, 503],
    },
  },
  {
    method: 'POST',
    url: '/api/purchase',
    call: (c, req) => c.payments.purchase(body<TPurchase>(req)),
    doc: {
      summary: 'Same as POST /api/purchases (the older spelling)',
      tag: 'Payments',
      access: 'signed-in',
      body: ZPurchase,
      response: ZPurchaseResultOut,
      errors: [404, 409, 422, 429, 502, 503],
    },
  },
  // POST /api/paypal/webhook is a plain route (payments/webhook-route.ts): it needs the raw body.
  {
    method: 'GET',
    url: '/api/admin/payments',
    call: (c) => c.payments.adminList(),
    doc: {
      summary: 'Recent payment orders with their status and what needs attention',
      tag: 'Payments',
      access: 'admin',
      response: z.array(ZAdminPaymentOut),
    },
  },
];

const idOf = (req: { params: unknown }) => Number(params<IdParams>(req).id);

const actions: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/stream-actions',
    call: (c) => c.actions.list(),
    doc: {
      summary: 'The active stream actions viewers can trigger',
      tag: 'Actions',
      access: 'public',
      response: z.array(ZStreamActionOut),
    },
  },
  {
    method: 'GET',
    url: '/api/admin/stream-actions',
    call: (c) => c.actions.listAll(),
    doc: {
      summary: 'Every stream action, inactive ones included',
      tag: 'Actions',
      access: 'admin',
      response: z.array(ZStreamActionOut),
    },
  },
  {
    method: 'POST',
    url: '/api/admin/stream-actions',
    call: (c, req) => c.actions.create(body<TStreamActionInput>(req)),
    doc: {
      summary: 'Create a stream action',
      tag: 'Actions',
      access: 'admin',
      body: ZStreamActionInput,
      response: ZStreamActionOut,
    },
  },
  {
    method: 'PATCH',
    url: '/api/admin/stream-actions/:id',
    call: (c, req) => c.actions.update({ ...body<TStreamActionUpdate>(req), id: idOf(req) }),
    doc: {
      summary: 'Change some fields of a stream action',
      tag: 'Actions',
      access: 'admin',
      body: ZStreamActionUpdate,
      response: ZStreamActionOut,
    },
  },
  {
    method: 'DELETE',
    url: '/api/admin/stream-actions/:id',
    call: (c, req) => c.actions.delete({ id: idOf(req) }),
    doc: {
      summary: 'Delete a stream action (its history stays)',
      tag: 'Actions',
      access: 'admin',
      response: ZSuccessOut,
    },
  },
  {
    method: 'POST',
    url: '/api/admin/test-action',
    call: (c, req) => c.actions.test(body<{ actionId: number }>(req)),
    doc: {
      summary: "Deliver an action to its targets now, free and outside the queue, and answer each target's outcome",
      tag: 'Actions',
      access: 'admin',
      body: ZActionId,
      response: ZTestActionResultOut,
      errors: [404, 502],
    },
  },
  {
    method: 'GET',
    url: '/api/admin/stream-actions/delivery-preview',
    call: (c, req) => c.actions.deliveryPreview(query<TDeliveryPreviewInput>(req)),
    doc: {
      summary: 'Which active endpoints an action of this gameType (and targetType) would be delivered to now',
      tag: 'Actions',
      access: 'admin',
      query: ZDeliveryPreviewInput,
      response: ZDeliveryPreviewOut,
      errors: [400],
    },
  },
  {
    method: 'POST',
    url: '/api/trigger-action',
    call: (c, req) => {
      // The key may come in the body or, as HTTP clients usually send it, in an Idempotency-Key header.
      const input = body<TTrigger>(req);
      const header = req.headers['idempotency-key'];
      return c.actions.trigger(
        input.requestId === undefined && typeof header === 'string' ? { ...input, requestId: header } : input,
      );
    },
    doc: {
      summary: 'Spend coins to trigger an action; a repeated requestId answers the first result and charges once',
      tag: 'Actions',
      access: 'signed-in',
      body: ZTrigger,
      response: ZTriggerResultOut,
      errors: [402, 404, 409, 429],
      requestHeaders: { 'Idempotency-Key': 'used as requestId when the body has none' },
    },
  },
  {
    method: 'GET',
    url: '/api/rust/players',
    call: (c) => c.rust.players(),
    doc: {
      summary: 'Players on the Rust server (for actions that target one player); cached briefly',
      tag: 'Actions',
      access: 'signed-in',
      response: z.array(ZRustPlayerOut),
      errors: [502, 503],
    },
  },
];

const categories: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/categories',
    call: (c) => c.categories.list(),
    doc: {
      summary: 'Every category by name, with how many actions use each',
      tag: 'Categories',
      access: 'public',
      response: z.array(ZCategoryOut),
    },
  },
  {
    method: 'POST',
    url: '/api/categories',
    call: (c, req) => c.categories.create(body<TCategoryInput>(req)),
    doc: {
      summary: 'Create a category (colour defaults to #6B7280); names are unique in any case',
      tag: 'Categories',
      access: 'admin',
      body: ZCategoryInput,
      response: ZCategoryOut,
      errors: [409],
    },
  },
  {
    method: 'PUT',
    url: '/api/categories/:id',
    call: (c, req) => c.categories.update({ ...body<TCategoryInput>(req), id: idOf(req) }),
    doc: {
      summary: 'Replace a category: name, description, colour and active',
      tag: 'Categories',
      access: 'admin',
      body: ZCategoryInput,
      response: ZCategoryOut,
      errors: [409],
    },
  },
  {
    method: 'DELETE',
    url: '/api/categories/:id',
    call: (c, req) => c.categories.delete({ id: idOf(req) }),
    doc: {
      summary: 'Delete a category; the actions that used it stay, uncategorised',
      tag: 'Categories',
      access: 'admin',
      response: ZCategoryDeletedOut,
    },
  },
];

const endpoints: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/webhook-endpoints',
    call: (c) => c.endpoints.list(),
    doc: {
      summary: 'Every delivery target (secrets masked)',
      tag: 'Endpoints',
      access: 'admin',
      response: z.array(ZWebhookEndpointOut),
    },
  },
  {
    method: 'POST',
    url: '/api/admin/webhook-endpoints',
    call: (c, req) => c.endpoints.create(body<TWebhookEndpointInput>(req)),
    doc: {
      summary: 'Create a delivery target (http(s), rcon://, webrcon://, or overlay://name, which needs no secret)',
      tag: 'Endpoints',
      access: 'admin',
      body: ZWebhookEndpointInput,
      response: ZWebhookEndpointOut,
    },
  },
  {
    method: 'PATCH',
    url: '/api/admin/webhook-endpoints/:id',
    call: (c, req) => c.endpoints.update({ ...body<TWebhookEndpointUpdate>(req), id: idOf(req) }),
    doc: {
      summary: 'Change a delivery target; an empty or masked secret keeps the stored one',
      tag: 'Endpoints',
      access: 'admin',
      body: ZWebhookEndpointUpdate,
      response: ZWebhookEndpointOut,
    },
  },
  {
    method: 'DELETE',
    url: '/api/admin/webhook-endpoints/:id',
    call: (c, req) => c.endpoints.delete({ id: idOf(req) }),
    doc: {
      summary: 'Delete a delivery target (its past deliveries count as a removed endpoint)',
      tag: 'Endpoints',
      access: 'admin',
      response: ZSuccessOut,
    },
  },
  {
    method: 'POST',
    url: '/api/admin/webhook-endpoints/:id/test',
    call: (c, req) => c.endpoints.test({ ...body<{ command: string }>(req), id: idOf(req) }),
    doc: {
      summary: 'Send one command to a delivery target now and answer its outcome',
      tag: 'Endpoints',
      access: 'admin',
      body: ZEndpointTest,
      response: ZEndpointTestResultOut,
    },
  },
  {
    method: 'POST',
    url: '/api/admin/webhook-endpoints/:id/rotate-overlay-token',
    call: (c, req) => c.endpoints.rotateOverlayToken({ id: idOf(req) }),
    doc: {
      summary: 'Give an overlay endpoint a new overlay URL; the old one stops working and its open overlays are closed',
      tag: 'Endpoints',
      access: 'admin',
      response: ZWebhookEndpointOut,
      errors: [409],
    },
  },
];

const history: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/action-history',
    // A plain array as before; filters and paging are query parameters, and where the next page
    // starts travels in X-Next-Cursor (and a Link, rel=next), as for GET /api/transactions.
    call: async (c, req, reply) => {
      const page = await c.history.list(query<THistoryQuery>(req));
      if (page.nextCursor) {
        reply.header('X-Next-Cursor', page.nextCursor);
        const next = new URLSearchParams({ ...query<Record<string, string>>(req), cursor: page.nextCursor });
        reply.header('Link', `</api/admin/action-history?${next.toString()}>; rel="next"`);
      }
      return page.items;
    },
    doc: {
      summary: 'Action history, newest first, filtered; the next page starts at X-Next-Cursor',
      tag: 'History',
      access: 'admin',
      query: ZHistoryQuery,
      response: z.array(ZActionHistoryRecordOut),
      errors: [400],
    },
  },
  {
    method: 'GET',
    url: '/api/admin/action-history/:id',
    call: (c, req) => c.history.detail({ id: idOf(req) }),
    doc: {
      summary: "One trigger's delivery detail: each target, attempts, last error, response, timestamps",
      tag: 'History',
      access: 'admin',
      response: z.object({ record: ZActionHistoryRecordOut, deliveries: z.array(ZDeliveryDetailOut) }),
      errors: [404],
    },
  },
  {
    method: 'POST',
    url: '/api/admin/refund-action/:id',
    call: (c, req) => c.history.refund({ id: idOf(req) }),
    doc: {
      summary: 'Refund a trigger: its coins go back as a ledger row, once',
      tag: 'History',
      access: 'admin',
      response: ZSuccessOut,
      errors: [409],
    },
  },
  {
    method: 'POST',
    url: '/api/admin/resend-action/:id',
    call: (c, req) => c.history.resend({ id: idOf(req) }),
    doc: {
      summary: 'Deliver a settled trigger again to its targets (never moves money)',
      tag: 'History',
      access: 'admin',
      response: ZResendResultOut,
      errors: [409],
    },
  },
];

const community: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/leaderboard',
    call: (c, req) => c.community.leaderboard(query<{ limit?: string }>(req)),
    doc: {
      summary: 'Top supporters by coins spent (refunds and tests excluded)',
      tag: 'Community',
      access: 'public',
      query: ZLeaderboardQuery,
      response: z.array(ZLeaderboardEntryOut),
    },
  },
  {
    method: 'GET',
    url: '/api/users/:id/profile',
    call: (c, req) => c.community.profile({ id: params<IdParams>(req).id }),
    doc: {
      summary: "A viewer's public profile with recent triggers",
      tag: 'Community',
      access: 'public',
      response: ZPublicProfileOut,
    },
  },
];

/** The public RCON tester (admin-spec sections 2 and 7); non-admins reach public addresses only. */
const debug: RestRoute[] = [
  {
    method: 'POST',
    url: '/api/debug/test-rust-command',
    call: (c, req) => c.debug.testRustCommand(body<TRustCommandTest>(req)),
    doc: {
      summary: 'Send one console command to a Rust server over WebRcon and report its reply',
      tag: 'Diagnostics',
      access: 'public',
      description:
        'A server that could not be reached or refused the command answers 200 with success false and the reason in error. Anyone but an admin may reach only public addresses (checked on the resolved address; 400 otherwise) and is rate limited per address. 5 s timeout; the reply is truncated.',
      errors: [429],
      body: ZRustCommandTest,
      response: ZRconTestResult,
    },
  },
  {
    method: 'POST',
    url: '/api/debug/test-minecraft-command',
    call: (c, req) => c.debug.testMinecraftCommand(body<TMinecraftCommandTest>(req)),
    doc: {
      summary: 'Send one console command to a Minecraft server over RCON and report its reply',
      tag: 'Diagnostics',
      access: 'public',
      description:
        'A server that could not be reached or refused the command answers 200 with success false and the reason in error. Anyone but an admin may reach only public addresses (checked on the resolved address; 400 otherwise) and is rate limited per address. 5 s timeout; the reply is truncated.',
      errors: [429],
      body: ZMinecraftCommandTest,
      response: ZRconTestResult,
    },
  },
];

/** The Twitch stream: served from a server-side cache refreshed at most every 30 s. */
const twitch: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/twitch/status',
    call: (c) => c.twitch.status(),
    doc: {
      summary: 'Whether the stream is live, its game and the game type (minecraft, rust or any) that routes actions',
      tag: 'Stream',
      access: 'public',
      description:
        'Cached server-side for 30 s. When Twitch fails the last known state is answered with stale true, or offline; without credentials it reads offline with a note naming the missing setting.',
      response: ZStreamStatusOut,
    },
  },
  {
    method: 'GET',
    url: '/api/twitch/stream',
    call: (c) => c.twitch.stream(),
    doc: {
      summary: 'Live thumbnail, title, viewer count, profile image and the last broadcast',
      tag: 'Stream',
      access: 'public',
      description: 'Cached with the status (30 s); stale and note as for /api/twitch/status.',
      response: ZStreamInfoOut,
    },
  },
  {
    method: 'POST',
    url: '/api/twitch/refresh',
    call: (c) => c.twitch.refresh(),
    doc: {
      summary: 'Refetch the stream status from Twitch now and answer it',
      tag: 'Stream',
      access: 'signed-in',
      description: 'At most once per 5 s (per server); sooner answers 429 with Retry-After.',
      errors: [429],
      response: ZStreamStatusOut,
    },
  },
];

/** The home page's video tabs: TikTok and YouTube, cached server-side for 30 minutes per source. */
const social: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/social-media',
    call: (c) => c.social.get(),
    doc: {
      summary: "The streamer's latest TikTok and YouTube videos",
      tag: 'Stream',
      access: 'public',
      description:
        "YouTube from the channel's public feed (YOUTUBE_CHANNEL_ID), TikTok from its Display API (TIKTOK_ACCESS_TOKEN). Cached server-side for 30 minutes per source. A source that is not configured or cannot be reached answers its last good list (or an empty one) with a note saying why; the other source is unaffected.",
      response: ZSocialContentOut,
    },
  },
];

/** The streamer overview (admin tools' first tab): per-day figures and top lists, UTC days. */
const overview: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/overview',
    call: (c, req) => c.overview.get(query<TOverviewQuery>(req)),
    doc: {
      summary:
        'Coins sold, money taken, triggers, refunds and failed deliveries per UTC day; top actions and supporters; delivery success per endpoint',
      tag: 'Admin',
      access: 'admin',
      query: ZOverviewQuery,
      response: ZOverview,
    },
  },
];

export const restRoutes: RestRoute[] = [
  ...accounts,
  ...coins,
  ...payments,
  ...actions,
  ...categories,
  ...endpoints,
  ...history,
  ...community,
  ...adminToolsRestRoutes,
  ...earningRestRoutes,
  ...shopRestRoutes,
  ...overview,
  ...twitch,
  ...social,
  ...debug,
];
