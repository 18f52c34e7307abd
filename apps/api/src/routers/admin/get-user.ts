import { findUserById, unrecoveredChargebacksOf } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { ZGetUserInput, ZGetUserOutput } from './get-user.types';
import { userSummary } from './user-summary';

/**
 * One user's current figures, for the panel after a change, with the PayPal refunds and disputes that
 * could not take back every coin (spent or given away first): what this viewer has cost the shop.
 */
export const getUser = adminProcedure
  .input(ZGetUserInput)
  .output(ZGetUserOutput)
  .query(async ({ ctx, input }) => {
    const db = ctx.services.db.kysely;
    const row = await findUserById(db, input.userId);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    const chargebacks = await unrecoveredChargebacksOf(db, input.userId);
    return {
      ...userSummary(row),
      unrecoveredCoins: chargebacks.reduce((sum, c) => sum + c.coinsUnrecovered, 0),
      unrecoveredChargebacks: chargebacks.map((c) => ({ ...c, updatedAt: new Date(c.updatedAt).toISOString() })),
    };
  });
