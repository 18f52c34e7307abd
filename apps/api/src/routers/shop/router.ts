import { ZShopStatusUpdate } from '@shop/domain';
import { adminProcedure, publicProcedure, router } from '../../trpc';

/** The pause switch: anyone may read it (the shop's banner), only admins flip it. */
const status = publicProcedure.query(({ ctx }) => ctx.services.shopStatus.current());

const setStatus = adminProcedure
  .input(ZShopStatusUpdate)
  .mutation(({ ctx, input }) => ctx.services.shopStatus.update(input));

export const shopRouter = router({ status, setStatus });
