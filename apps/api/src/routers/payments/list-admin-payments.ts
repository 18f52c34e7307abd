import { listRecentPayments } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { listAdminPaymentsMeta, ZListAdminPaymentsOutput } from './list-admin-payments.types';
import { toAdminPayment } from './to-admin-payment';

const LIMIT = 200;

/** The newest payments, with what refunds took back and what they could not. */
export const listAdminPayments = adminProcedure
  .meta(listAdminPaymentsMeta)
  .output(ZListAdminPaymentsOutput)
  .query(async ({ ctx }) => {
    const now = ctx.services.now();
    return (await listRecentPayments(ctx.services.db.kysely, LIMIT)).map((row) => toAdminPayment(row, now));
  });
