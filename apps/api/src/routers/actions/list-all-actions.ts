import { listActionsWithCategory } from '@shop/db';
import { toStreamAction } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { listAllActionsMeta, ZListAllActionsOutput } from './list-all-actions.types';

/** Admins also see inactive actions, to switch them back on. */
export const listAllActions = adminProcedure
  .meta(listAllActionsMeta)
  .output(ZListAllActionsOutput)
  .query(async ({ ctx }) => {
    const now = ctx.services.now();
    return (await listActionsWithCategory(ctx.services.db.kysely, { activeOnly: false })).map((row) =>
      toStreamAction(row, now),
    );
  });
