import { router } from '../../trpc';
import { captureOrder } from './capture-order';
import { createOrder } from './create-order';
import { getSetup } from './get-setup';
import { listAdminPayments } from './list-admin-payments';
import { purchase } from './purchase';

export const paymentsRouter = router({ getSetup, createOrder, captureOrder, purchase, adminList: listAdminPayments });
