import type { Db } from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from './gateway';

/** What the payment paths use; each function takes the part it needs. */
export interface PaymentDeps {
  db: Db;
  /** The provider configured now: PayPal, the demo checkout, or none. */
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  now: () => number;
}

/** Settling an order once the provider was asked: the provider itself comes as an argument. */
export type SettleDeps = Pick<PaymentDeps, 'db' | 'log' | 'now'>;
