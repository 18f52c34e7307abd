import { lastUserTriggers, listActionsWithCategory, toStreamAction } from '@shop/db';
import { adminProcedure, publicProcedure } from '../../trpc';

/** The shop's actions; a signed-in viewer also learns when their own cooldowns end (userAvailableAt). */
export const listActions = publicProcedure.query(async ({ ctx }) => {
  const db = ctx.services.db.kysely;
  const now = ctx.services.now();
  const rows = await listActionsWithCategory(db, { activeOnly: true });
  // Only when some action has a per-viewer cooldown: the common shop costs no extra query.
  const mine =
    ctx.user && rows.some((r) => r.user_cooldown_seconds > 0) ? await lastUserTriggers(db, ctx.user.id) : null;
  return rows.map((row) => toStreamAction(row, now, mine?.get(row.id) ?? null));
});

/** Admins also see inactive actions, to switch them back on. */
export const listAllActions = adminProcedure.query(async ({ ctx }) => {
  const now = ctx.services.now();
  return (await listActionsWithCategory(ctx.services.db.kysely, { activeOnly: false })).map((row) =>
    toStreamAction(row, now),
  );
});
