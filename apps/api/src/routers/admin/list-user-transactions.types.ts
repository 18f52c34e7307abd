import { ZAdminTransaction, ZAdminUserRef } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListUserTransactionsInput = ZAdminUserRef;
export const ZListUserTransactionsOutput = z.array(ZAdminTransaction);

export const listUserTransactionsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/users/{id}/transactions',
    paramFields: { id: 'userId' },
    summary: "A user's 20 latest ledger rows, newest first",
    tag: 'Admin',
  },
};
