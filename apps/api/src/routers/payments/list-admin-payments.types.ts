import { ZAdminPaymentOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListAdminPaymentsOutput = z.array(ZAdminPaymentOut);

export const listAdminPaymentsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/payments',
    summary: 'Recent payment orders with their status and what needs attention',
    tag: 'Payments',
  },
};
