import { readOverview } from '../../overview/read-overview';
import { adminProcedure } from '../../trpc';
import { getOverviewMeta, ZGetOverviewInput, ZGetOverviewOutput } from './get-overview.types';

/** The streamer overview (admin): per-day figures, top lists and delivery success for the last N UTC days. */
export const getOverview = adminProcedure
  .meta(getOverviewMeta)
  .input(ZGetOverviewInput)
  .output(ZGetOverviewOutput)
  .query(({ ctx, input }) => readOverview(ctx.services.db, ctx.services.now(), input.days));
