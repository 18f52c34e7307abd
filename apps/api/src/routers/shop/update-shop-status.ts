import { adminProcedure } from '../../trpc';
import { updateShopStatusMeta, ZUpdateShopStatusInput, ZUpdateShopStatusOutput } from './update-shop-status.types';

/** Only admins flip the pause switch. */
export const updateShopStatus = adminProcedure
  .meta(updateShopStatusMeta)
  .input(ZUpdateShopStatusInput)
  .output(ZUpdateShopStatusOutput)
  .mutation(({ ctx, input }) => ctx.services.shopStatus.update(input));
