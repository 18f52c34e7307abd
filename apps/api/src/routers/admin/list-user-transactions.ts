import { findUserById, listTransactions } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import {
  listUserTransactionsMeta,
  ZListUserTransactionsInput,
  ZListUserTransactionsOutput,
} from './list-user-transactions.types';

/** How many ledger rows the user panel shows. */
const RECENT_TRANSACTIONS = 20;

/** The user's latest ledger rows, newest first. */
export const listUserTransactions = adminProcedure
  .meta(listUserTransactionsMeta)
  .input(ZListUserTransactionsInput)
  .output(ZListUserTransactionsOutput)
  .query(async ({ ctx, input }) => {
    const db = ctx.services.db.kysely;
    if (!(await findUserById(db, input.userId))) throw new AppError('NOT_FOUND', 'User not found');
    return listTransactions(db, input.userId, RECENT_TRANSACTIONS);
  });
