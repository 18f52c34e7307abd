import { moneyValueToCents } from '@shop/domain';
import { z } from 'zod';
import type { CapturedMoney } from './settle-capture';

/**
 * The parts of PayPal's webhook events the shop acts on. Capture events carry the capture itself
 * (with `supplementary_data.related_ids.order_id`); refund and reversal events carry a refund whose
 * `up` link names the capture. Anything else is accepted and ignored.
 */
export type PayPalEvent =
  | {
      type: 'capture_completed' | 'capture_denied';
      eventId: string;
      orderId: string | null;
      capture: CapturedMoney;
      customId: string | null;
    }
  | {
      type: 'capture_refunded' | 'capture_reversed';
      eventId: string;
      /** The refund's (or reversal's) own id. */
      id: string;
      status: string;
      orderId: string | null;
      captureId: string | null;
      /** Cents returned from the capture to date; null when PayPal did not say. */
      totalReturnedCents: number | null;
      amountCents: number | null;
    }
  | { type: 'ignored'; eventId: string; eventType: string };

const ZMoney = z.object({ currency_code: z.string(), value: z.string() });
const ZLink = z.object({ href: z.string(), rel: z.string() });

const ZResource = z.looseObject({
  id: z.string().min(1),
  status: z.string().optional(),
  amount: ZMoney.optional(),
  custom_id: z.string().optional(),
  supplementary_data: z
    .looseObject({ related_ids: z.looseObject({ order_id: z.string().optional() }).optional() })
    .optional(),
  seller_payable_breakdown: z.looseObject({ total_refunded_amount: ZMoney.optional() }).optional(),
  links: z.array(ZLink).optional(),
});

const ZEvent = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource_type: z.string().optional(),
  resource: z.unknown(),
});

function cents(money: z.infer<typeof ZMoney> | undefined): number | null {
  if (!money) return null;
  try {
    return moneyValueToCents(money.value.replace(/^-/, ''));
  } catch {
    return null;
  }
}

/** The capture id in a refund's `up` link: .../v2/payments/captures/{id}. */
function captureIdFromLinks(links: z.infer<typeof ZLink>[] | undefined): string | null {
  const up = links?.find((l) => l.rel === 'up')?.href ?? '';
  const match = /\/v2\/payments\/captures\/([^/?#]+)/.exec(up);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

const CAPTURE_EVENTS = {
  'PAYMENT.CAPTURE.COMPLETED': 'capture_completed',
  'PAYMENT.CAPTURE.DENIED': 'capture_denied',
} as const;
const MONEY_BACK_EVENTS = {
  'PAYMENT.CAPTURE.REFUNDED': 'capture_refunded',
  'PAYMENT.CAPTURE.REVERSED': 'capture_reversed',
} as const;

/** Reads a verified event; null when it is not shaped like a PayPal event at all. */
export function parsePayPalEvent(body: unknown): PayPalEvent | null {
  const event = ZEvent.safeParse(body);
  if (!event.success) return null;
  const { id: eventId, event_type: eventType } = event.data;
  const captureType = CAPTURE_EVENTS[eventType as keyof typeof CAPTURE_EVENTS];
  const backType = MONEY_BACK_EVENTS[eventType as keyof typeof MONEY_BACK_EVENTS];
  if (!captureType && !backType) return { type: 'ignored', eventId, eventType };
  const resource = ZResource.safeParse(event.data.resource);
  if (!resource.success) return null;
  const r = resource.data;
  const orderId = r.supplementary_data?.related_ids?.order_id ?? null;

  if (captureType) {
    const amountCents = cents(r.amount);
    if (amountCents === null || !r.amount || !r.status) return null;
    return {
      type: captureType,
      eventId,
      orderId,
      capture: { id: r.id, status: r.status, amountCents, currency: r.amount.currency_code },
      customId: r.custom_id ?? null,
    };
  }
  const isCapture = event.data.resource_type === 'capture';
  return {
    type: backType as 'capture_refunded' | 'capture_reversed',
    eventId,
    id: r.id,
    status: r.status ?? 'COMPLETED',
    orderId,
    captureId: isCapture ? r.id : captureIdFromLinks(r.links),
    totalReturnedCents: cents(r.seller_payable_breakdown?.total_refunded_amount),
    amountCents: cents(r.amount),
  };
}
