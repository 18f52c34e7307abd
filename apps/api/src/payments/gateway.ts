import { randomBytes } from 'node:crypto';
import type { PaymentsConfig } from '../env';
import {
  type CaptureOutcome,
  createPayPalClient,
  type OrderSnapshot,
  type PayPalClient,
  type RefundOutcome,
} from './paypal-client';

/** What the shop needs of a payment provider; PayPal and the demo checkout both provide it. */
export interface PaymentGateway {
  createOrder(input: { amountCents: number; currency: 'USD'; customId: string }): Promise<{ id: string }>;
  captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome>;
  getOrder(orderId: string): Promise<OrderSnapshot | null>;
  refundCapture(captureId: string, requestId: string): Promise<RefundOutcome>;
}

export type PaymentProvider =
  | { kind: 'paypal'; clientId: string; gateway: PayPalClient; webhookId: string | null }
  /** localOnly: only requests made on this machine may use it (PaymentsConfig, require-gateway.ts). */
  | { kind: 'demo'; gateway: PaymentGateway; localOnly: boolean }
  | { kind: 'unavailable'; reason: string };

export const DEMO_NOTICE = 'Demo payment — no money moves';

export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  switch (config.provider) {
    case 'paypal':
      return {
        kind: 'paypal',
        clientId: config.clientId,
        gateway: createPayPalClient(config),
        webhookId: config.webhookId ?? null,
      };
    case 'demo':
      return { kind: 'demo', gateway: createDemoGateway(), localOnly: config.localOnly === true };
    case 'unavailable':
      return { kind: 'unavailable', reason: config.reason };
  }
}

/**
 * The demo checkout: orders live in memory and capture completes at the ordered amount, as if the
 * buyer approved. Crediting still runs the real path (ownership, price check, ledger, idempotency).
 * After a restart its orders are gone, which reconciliation treats like an order PayPal forgot.
 */
export function createDemoGateway(): PaymentGateway {
  const orders = new Map<string, OrderSnapshot>();
  const findByCapture = (captureId: string) => [...orders.values()].find((o) => o.capture?.id === captureId);
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
    async refundCapture(captureId) {
      const order = findByCapture(captureId);
      if (!order?.capture) return { kind: 'not_found' };
      if (order.capture.status === 'REFUNDED') return { kind: 'already_refunded' };
      order.capture.status = 'REFUNDED';
      return { kind: 'refunded', refundId: `DEMOREF-${captureId.slice(8)}`, status: 'COMPLETED' };
    },
  };
}
