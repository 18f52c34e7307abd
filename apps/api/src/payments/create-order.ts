import { type CoinPackageRow, findCoinPackage, insertPayment, listCoinPackages } from '@shop/db';
import { AppError, formatCents, moneyValueToCents, type TCreateOrderParsed } from '@shop/domain';
import type { PaymentDeps } from './deps';
import { callProvider, requireGateway } from './require-gateway';

/**
 * Opens a provider order for a package and remembers who opened it and what it was for (package,
 * coins, price: the snapshot), so only that account can be credited for it, with exactly what it
 * was promised even if an admin edits the package meanwhile. The price comes from our catalogue,
 * never from the client.
 */
export async function createPaymentOrder(services: PaymentDeps, userId: number, input: TCreateOrderParsed) {
  const gateway = requireGateway(services);
  const { db } = services;
  let pkg: CoinPackageRow;
  if (input.packageId !== undefined) {
    const found = await findCoinPackage(db.kysely, input.packageId);
    if (found?.active !== 1) throw new AppError('NOT_FOUND', 'Coin package not found');
    if (input.amount !== undefined && moneyValueToCents(input.amount) !== found.price_cents) {
      throw new AppError('BAD_REQUEST', `amount: the package costs $${formatCents(found.price_cents)}`);
    }
    pkg = found;
  } else {
    // The spec's payload carries only the amount: it must name exactly one package price.
    const cents = moneyValueToCents(input.amount ?? '');
    const matches = (await listCoinPackages(db.kysely, { activeOnly: true })).filter((p) => p.price_cents === cents);
    const [only] = matches;
    if (!only || matches.length > 1) throw new AppError('BAD_REQUEST', 'packageId is required');
    pkg = only;
  }
  const amountCents = pkg.price_cents;
  const order = await callProvider(services, 'create order', () =>
    gateway.createOrder({ amountCents, currency: 'USD', customId: `user:${userId}` }),
  );
  const now = services.now();
  await insertPayment(db.kysely, {
    provider: services.payments.kind,
    order_id: order.id,
    user_id: userId,
    package_id: pkg.id,
    coins: pkg.amount,
    package_name: pkg.name,
    amount_cents: amountCents,
    currency: 'USD',
    status: 'created',
    failure_reason: null,
    created_at: now,
    updated_at: now,
  });
  return { id: order.id };
}
