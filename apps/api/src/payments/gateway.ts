import { randomBytes } from 'node:crypto';
import type { PaymentsConfig } from '../env';
import { type CaptureOutcome, createPayPalClient, type OrderSnapshot } from './paypal-client';

/** What the shop needs of a payment provider; PayPal and the demo checkout both provide it. */
export interface PaymentGateway {
  createOrder(input: { amountCents: number; currency: 'USD'; customId: string }): Promise<{ id: string }>;
  captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome>;
  getOrder(orderId: string): Promise<OrderSnapshot | null>;
}

export type PaymentProvider =
  | { kind: 'paypal'; clientId: string; gateway: PaymentGateway }
  | { kind: 'demo'; gateway: PaymentGateway }
  | { kind: 'unavailable'; reason: string };

export const DEMO_NOTICE = 'Demo payment — no money moves';

export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  switch (config.provider) {
    case 'paypal':
      return { kind: 'paypal', clientId: config.clientId, gateway: createPayPalClient(config) };
    case 'demo':
      return { kind: 'demo', gateway: createDemoGateway() };
    case 'unavailable':
      return { kind: 'unavailable', reason: config.reason };
  }
}

/**
 * The demo checkout: orders live in memory and capture completes at the ordered amount, as if the
 * buyer approved. Crediting still runs the real path (ownership, price check, ledger, idempotency).
 */
export function createDemoGateway(): PaymentGateway {
  const orders = new Map<string, OrderSnapshot>();
  return {
    async createOrder({ amountCents, currency, customId }) {
      const id = `DEMO-${randomBytes(8).toString('hex').toUpperCase()}`;
      orders.set(id, { id, status: 'CREATED', customId, capture: null, orderAmountCents: amountCents, currency });
      return { id };
    },
    async captureOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) return { kind: 'not_found' };
      if (!order.capture) {
        order.status = 'COMPLETED';
        order.capture = {
          id: `DEMOCAP-${orderId.slice(5)}`,
          status: 'COMPLETED',
          amountCents: order.orderAmountCents ?? 0,
          currency: order.currency ?? 'USD',
        };
      }
      return { kind: 'captured', order };
    },
    async getOrder(orderId) {
      return orders.get(orderId) ?? null;
    },
  };
}
