import { type TShopStatusUpdate, ZShopStatusOut, ZShopStatusUpdate } from '@shop/domain';
import { type RestRoute, unchecked } from '../../rest/adapter';

/** The streamer's pause switch (issue 11). */
export const shopRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/shop-status',
    call: (c) => c.shop.status(),
    doc: {
      summary: 'Whether triggers are paused now, and why (manual, or offline while auto-pause is on)',
      tag: 'Actions',
      access: 'public',
      response: ZShopStatusOut,
      description:
        "Changes are also pushed on /ws as {type:'shop_status', paused, reason}. Auto-pause needs Twitch settings: without them autoPauseAvailable is false and the shop never pauses by itself.",
    },
  },
  {
    method: 'PUT',
    url: '/api/admin/shop-status',
    call: (c, req) => c.shop.setStatus(unchecked<TShopStatusUpdate>(req.body)),
    doc: {
      summary: 'Pause or resume triggers, and turn auto-pause while offline on or off',
      tag: 'Actions',
      access: 'admin',
      body: ZShopStatusUpdate,
      response: ZShopStatusOut,
    },
  },
];
