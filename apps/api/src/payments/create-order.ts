import { findCoinPackage, insertPayment, listCoinPackages } from '@shop/db';
import { AppError, formatCents, moneyValueToCents, type TCreateOrderParsed } from '@shop/domain';
import type { Services } from '../services';
import { callProvider, requireGateway } from './require-gateway';

/**
 * Opens a provider order for a package and remembers who opened it, so only that account can
 * later be credited for it. The price comes from our catalogue, never from the client.
 */
export async function createPaymentOrder(services: Services, userId: number, input: TCreateOrderParsed) {
  const gateway = requireGateway(services);
  const { db } = services;
  let packageId: number;
  let amountCents: number;
  if (input.packageId !== undefined) {
    const pkg = await findCoinPackage(db.kysely, input.packageId);
    if (pkg?.active !== 1) throw new AppError('NOT_FOUND', 'Coin package not found');
    if (input.amount !== undefined && moneyValueToCents(input.amount) !== pkg.price_cents) {
      throw new AppError('BAD_REQUEST', `amount: the package costs $${formatCents(pkg.price_cents)}`);
    }
    packageId = pkg.id;
    amountCents = pkg.price_cents;
  } else {
    // The spec's payload carries only the amount: it must name exactly one package price.
    const cents = moneyValueToCents(input.amount ?? '');
    const matches = (await listCoinPackages(db.kysely, { activeOnly: true })).filter((p) => p.price_cents === cents);
    const [only] = matches;
    if (!only || matches.length > 1) throw new AppError('BAD_REQUEST', 'packageId is required');
    packageId = only.id;
    amountCents = cents;
  }
  const order = await callProvider(services, 'create order', () =>
    gateway.createOrder({ amountCents, currency: 'USD', customId: `user:${userId}` }),
  );
  const now = services.now();
  await insertPayment(db.kysely, {
    provider: services.payments.kind,
    order_id: order.id,
    user_id: userId,
    package_id: packageId,
    amount_cents: amountCents,
    currency: 'USD',
    status: 'created',
    failure_reason: null,
    created_at: now,
    updated_at: now,
  });
  return { id: order.id };
}
