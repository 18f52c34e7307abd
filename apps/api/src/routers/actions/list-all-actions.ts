import { listActionsWithCategory } from '@shop/db';
import { toStreamAction } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { limitCounts } from './limit-counts';
import { listAllActionsMeta, ZListAllActionsOutput } from './list-all-actions.types';

/** Admins also see inactive actions, to switch them back on. */
export const listAllActions = adminProcedure
  .meta(listAllActionsMeta)
  .output(ZListAllActionsOutput)
  .query(async ({ ctx }) => {
    const now = ctx.services.now();
    const rows = await listActionsWithCategory(ctx.services.db.kysely, { activeOnly: false });
    const counts = await limitCounts(ctx.services, rows, null, now);
    return rows.map((row) => toStreamAction(row, now, null, counts(row.id)));
  });
