import type {
  TCategoryInput,
  TCoinPackageInput,
  TCoinPackageUpdate,
  TCreateOrder,
  TLinkTwitch,
  TLogin,
  TProfileUpdate,
  TPurchase,
  TRegister,
  TStreamActionInput,
  TStreamActionUpdate,
  TTransactionsQuery,
  TTrigger,
  TWebhookEndpointInput,
  TWebhookEndpointUpdate,
} from '@shop/domain';
import { type RestRoute, unchecked } from './adapter';

type IdParams = { id: string };

/** Path parameters and query strings arrive as text; the procedures' schemas coerce and check them. */
const params = <T>(req: { params: unknown }) => unchecked<T>(req.params);
const query = <T>(req: { query: unknown }) => unchecked<T>(req.query);
const body = <T>(req: { body: unknown }) => unchecked<T>(req.body);

const accounts: RestRoute[] = [
  { method: 'POST', url: '/api/register', call: (c, req) => c.auth.register(body<TRegister>(req)) },
  { method: 'POST', url: '/api/login', call: (c, req) => c.auth.login(body<TLogin>(req)) },
  { method: 'POST', url: '/api/logout', call: (c) => c.auth.logout() },
  { method: 'GET', url: '/api/user', call: (c) => c.user.get() },
  { method: 'PATCH', url: '/api/user/profile', call: (c, req) => c.user.updateProfile(body<TProfileUpdate>(req)) },
  { method: 'POST', url: '/api/user/link-twitch', call: (c, req) => c.user.linkTwitch(body<TLinkTwitch>(req)) },
];

const coins: RestRoute[] = [
  { method: 'GET', url: '/api/coin-packages', call: (c) => c.coins.listPackages() },
  { method: 'GET', url: '/api/admin/coin-packages', call: (c) => c.coins.listAllPackages() },
  {
    method: 'POST',
    url: '/api/admin/coin-packages',
    call: (c, req) => c.coins.createPackage(body<TCoinPackageInput>(req)),
  },
  {
    method: 'PATCH',
    url: '/api/admin/coin-packages/:id',
    call: (c, req) => c.coins.updatePackage({ ...body<TCoinPackageUpdate>(req), id: Number(params<IdParams>(req).id) }),
  },
  {
    method: 'DELETE',
    url: '/api/admin/coin-packages/:id',
    call: (c, req) => c.coins.deletePackage({ id: params<IdParams>(req).id }),
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
  },
  { method: 'GET', url: '/api/transactions/stats', call: (c) => c.transactions.stats() },
];

const payments: RestRoute[] = [
  { method: 'GET', url: '/api/paypal/setup', call: (c) => c.payments.getSetup() },
  { method: 'POST', url: '/api/paypal/order', call: (c, req) => c.payments.createOrder(body<TCreateOrder>(req)) },
  {
    method: 'POST',
    url: '/api/paypal/order/:orderId/capture',
    call: (c, req) =>
      c.payments.captureOrder({
        orderId: params<{ orderId: string }>(req).orderId,
        packageId: query<{ packageId?: string }>(req).packageId,
      }),
  },
  // Both spellings are in use by existing clients.
  { method: 'POST', url: '/api/purchases', call: (c, req) => c.payments.purchase(body<TPurchase>(req)) },
  { method: 'POST', url: '/api/purchase', call: (c, req) => c.payments.purchase(body<TPurchase>(req)) },
  // POST /api/paypal/webhook is a plain route (payments/webhook-route.ts): it needs the raw body.
  { method: 'GET', url: '/api/admin/payments', call: (c) => c.payments.adminList() },
];

const idOf = (req: { params: unknown }) => Number(params<IdParams>(req).id);

const actions: RestRoute[] = [
  { method: 'GET', url: '/api/stream-actions', call: (c) => c.actions.list() },
  { method: 'GET', url: '/api/admin/stream-actions', call: (c) => c.actions.listAll() },
  {
    method: 'POST',
    url: '/api/admin/stream-actions',
    call: (c, req) => c.actions.create(body<TStreamActionInput>(req)),
  },
  {
    method: 'PATCH',
    url: '/api/admin/stream-actions/:id',
    call: (c, req) => c.actions.update({ ...body<TStreamActionUpdate>(req), id: idOf(req) }),
  },
  { method: 'DELETE', url: '/api/admin/stream-actions/:id', call: (c, req) => c.actions.delete({ id: idOf(req) }) },
  { method: 'POST', url: '/api/admin/test-action', call: (c, req) => c.actions.test(body<{ actionId: number }>(req)) },
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
  },
  { method: 'GET', url: '/api/rust/players', call: (c) => c.rust.players() },
];

const categories: RestRoute[] = [
  { method: 'GET', url: '/api/categories', call: (c) => c.categories.list() },
  { method: 'POST', url: '/api/categories', call: (c, req) => c.categories.create(body<TCategoryInput>(req)) },
  {
    method: 'PUT',
    url: '/api/categories/:id',
    call: (c, req) => c.categories.update({ ...body<TCategoryInput>(req), id: idOf(req) }),
  },
  { method: 'DELETE', url: '/api/categories/:id', call: (c, req) => c.categories.delete({ id: idOf(req) }) },
];

const endpoints: RestRoute[] = [
  { method: 'GET', url: '/api/admin/webhook-endpoints', call: (c) => c.endpoints.list() },
  {
    method: 'POST',
    url: '/api/admin/webhook-endpoints',
    call: (c, req) => c.endpoints.create(body<TWebhookEndpointInput>(req)),
  },
  {
    method: 'PATCH',
    url: '/api/admin/webhook-endpoints/:id',
    call: (c, req) => c.endpoints.update({ ...body<TWebhookEndpointUpdate>(req), id: idOf(req) }),
  },
  {
    method: 'DELETE',
    url: '/api/admin/webhook-endpoints/:id',
    call: (c, req) => c.endpoints.delete({ id: idOf(req) }),
  },
  {
    method: 'POST',
    url: '/api/admin/webhook-endpoints/:id/test',
    call: (c, req) => c.endpoints.test({ ...body<{ command: string }>(req), id: idOf(req) }),
  },
];

const history: RestRoute[] = [
  { method: 'GET', url: '/api/admin/action-history', call: (c) => c.history.list() },
  { method: 'POST', url: '/api/admin/refund-action/:id', call: (c, req) => c.history.refund({ id: idOf(req) }) },
  { method: 'POST', url: '/api/admin/resend-action/:id', call: (c, req) => c.history.resend({ id: idOf(req) }) },
];

const community: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/leaderboard',
    call: (c, req) => c.community.leaderboard(query<{ limit?: string }>(req)),
  },
  {
    method: 'GET',
    url: '/api/users/:id/profile',
    call: (c, req) => c.community.profile({ id: params<IdParams>(req).id }),
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
];
