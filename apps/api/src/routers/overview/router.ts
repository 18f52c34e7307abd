import { streamerOverview } from '@shop/db';
import { ZOverview, ZOverviewQuery } from '@shop/domain';
import { adminProcedure, router } from '../../trpc';

/** The streamer overview (admin): per-day figures, top lists and delivery success for the last N UTC days. */
const get = adminProcedure
  .input(ZOverviewQuery)
  .output(ZOverview)
  .query(({ ctx, input }) => streamerOverview(ctx.services.db.kysely, ctx.services.now(), input.days));

export const overviewRouter = router({ get });
