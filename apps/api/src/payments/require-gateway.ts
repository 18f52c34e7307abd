import { AppError } from '@shop/domain';
import type { Services } from '../services';
import type { PaymentGateway } from './gateway';
import { PayPalError } from './paypal-client';

export const PAYMENT_UNAVAILABLE = 'Payment Service Unavailable';

export function requireGateway(services: Services): PaymentGateway {
  if (services.payments.kind === 'unavailable') throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_UNAVAILABLE);
  return services.payments.gateway;
}

/** Runs a provider call; its network failures become one honest 502 the client can retry. */
export async function callProvider<T>(services: Services, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PayPalError) {
      services.log.error({ err: error, status: error.status }, `payment provider failed: ${what}`);
      throw new AppError('UPSTREAM_FAILED', 'Failed to connect to payment service', { cause: error });
    }
    throw error;
  }
}
