import { AppError } from '@shop/domain';
import { DEMO_NOTICE } from '../../payments/gateway';
import { PAYMENT_UNAVAILABLE, paymentsFor } from '../../payments/require-gateway';
import { publicProcedure } from '../../trpc';
import { getSetupMeta, ZGetSetupOutput } from './get-setup.types';

/**
 * What the payment modal needs to draw itself: PayPal buttons, the demo checkout, or neither. Asked
 * per caller: a demo checkout kept to this machine is not offered to anyone else.
 */
export const getSetup = publicProcedure
  .meta(getSetupMeta)
  .output(ZGetSetupOutput)
  .query(({ ctx }) => {
    const provider = paymentsFor(ctx);
    if (provider.kind === 'unavailable') throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_UNAVAILABLE);
    if (provider.kind === 'demo') {
      return { provider: 'demo' as const, clientId: null, currency: 'USD' as const, notice: DEMO_NOTICE };
    }
    return { provider: 'paypal' as const, clientId: provider.clientId, currency: 'USD' as const, notice: null };
  });
