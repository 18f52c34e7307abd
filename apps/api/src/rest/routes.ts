import type {
  TCoinPackageInput,
  TCoinPackageUpdate,
  TCreateOrder,
  TLinkTwitch,
  TLogin,
  TProfileUpdate,
  TPurchase,
  TRegister,
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
  { method: 'GET', url: '/api/transactions', call: (c) => c.transactions.list() },
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
];

export const restRoutes: RestRoute[] = [...accounts, ...coins, ...payments];
