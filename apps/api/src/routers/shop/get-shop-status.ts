import { publicProcedure } from '../../trpc';
import { getShopStatusMeta, ZGetShopStatusOutput } from './get-shop-status.types';

/** Anyone may read the pause switch: the shop's banner shows it. */
export const getShopStatus = publicProcedure
  .meta(getShopStatusMeta)
  .output(ZGetShopStatusOutput)
  .query(({ ctx }) => ctx.services.shopStatus.current());
