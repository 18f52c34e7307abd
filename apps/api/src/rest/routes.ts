import type { TLinkTwitch, TLogin, TProfileUpdate, TRegister } from '@shop/domain';
import { type RestRoute, unchecked } from './adapter';

export const restRoutes: RestRoute[] = [
  { method: 'POST', url: '/api/register', call: (c, req) => c.auth.register(unchecked<TRegister>(req.body)) },
  { method: 'POST', url: '/api/login', call: (c, req) => c.auth.login(unchecked<TLogin>(req.body)) },
  { method: 'POST', url: '/api/logout', call: (c) => c.auth.logout() },
  { method: 'GET', url: '/api/user', call: (c) => c.user.get() },
  {
    method: 'PATCH',
    url: '/api/user/profile',
    call: (c, req) => c.user.updateProfile(unchecked<TProfileUpdate>(req.body)),
  },
  {
    method: 'POST',
    url: '/api/user/link-twitch',
    call: (c, req) => c.user.linkTwitch(unchecked<TLinkTwitch>(req.body)),
  },
];
