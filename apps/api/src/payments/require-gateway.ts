import { AppError } from '@shop/domain';
import { isLoopbackAddress, isLoopbackHost } from '../net/loopback';
import type { PaymentDeps } from './deps';
import type { PaymentGateway, PaymentProvider } from './gateway';
import { PayPalError } from './paypal-client';

export const PAYMENT_UNAVAILABLE = 'Payment Service Unavailable';

/** Who asks for a payment, as far as the demo checkout cares (a procedure's context has both). */
export interface PaymentAsker {
  services: Pick<PaymentDeps, 'payments'>;
  /** The client's address, as TRUST_PROXY lets us believe it. */
  ip: string;
  request: { host: string };
}

/**
 * The provider as this caller may use it. A demo checkout kept to this machine is no provider at
 * all for anyone else: the Host alone could be forged from afar, so the address must be local too.
 */
export function paymentsFor(asker: PaymentAsker): PaymentProvider {
  const provider = asker.services.payments;
  if (provider.kind !== 'demo' || !provider.localOnly) return provider;
  if (isLoopbackHost(asker.request.host) && isLoopbackAddress(asker.ip)) return provider;
  return { kind: 'unavailable', reason: 'the demo checkout answers only requests made on this machine' };
}

/** Refuses, in the words of a shop with no provider, a caller no provider serves. */
export function assertPaymentsServe(asker: PaymentAsker): void {
  if (paymentsFor(asker).kind === 'unavailable') throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_UNAVAILABLE);
}

export function requireGateway(services: Pick<PaymentDeps, 'payments'>): PaymentGateway {
  if (services.payments.kind === 'unavailable') throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_UNAVAILABLE);
  return services.payments.gateway;
}

/** Runs a provider call; its network failures become one honest 502 the client can retry. */
export async function callProvider<T>(
  services: Pick<PaymentDeps, 'log'>,
  what: string,
  call: () => Promise<T>,
): Promise<T> {
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
