import { lastUserTriggers, listActionsWithCategory } from '@shop/db';
import { toStreamAction } from '@shop/domain';
import { publicProcedure } from '../../trpc';
import { limitCounts } from './limit-counts';
import { listActionsMeta, ZListActionsOutput } from './list-actions.types';

/** The shop's actions; a signed-in viewer also learns when their own cooldowns end (userAvailableAt). */
export const listActions = publicProcedure
  .meta(listActionsMeta)
  .output(ZListActionsOutput)
  .query(async ({ ctx }) => {
    const db = ctx.services.db.kysely;
    const now = ctx.services.now();
    const rows = await listActionsWithCategory(db, { activeOnly: true });
    // Only when some action has a per-viewer cooldown: the common shop costs no extra query.
    const mine =
      ctx.user && rows.some((r) => r.user_cooldown_seconds > 0) ? await lastUserTriggers(db, ctx.user.id) : null;
    const counts = await limitCounts(ctx.services, rows, ctx.user?.id ?? null, now);
    return rows.map((row) => toStreamAction(row, now, mine?.get(row.id) ?? null, counts(row.id)));
  });
