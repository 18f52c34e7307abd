import { listActionsWithCategory, toStreamAction } from '@shop/db';
import { adminProcedure, publicProcedure } from '../../trpc';

export const listActions = publicProcedure.query(async ({ ctx }) =>
  (await listActionsWithCategory(ctx.services.db.kysely, { activeOnly: true })).map(toStreamAction),
);

/** Admins also see inactive actions, to switch them back on. */
export const listAllActions = adminProcedure.query(async ({ ctx }) =>
  (await listActionsWithCategory(ctx.services.db.kysely, { activeOnly: false })).map(toStreamAction),
);
