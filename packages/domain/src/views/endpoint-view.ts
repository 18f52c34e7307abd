import type { TWebhookEndpoint } from '../endpoint-schemas';
import { endpointTransportLabel, MASKED_SECRET, type TEndpointGameType } from '../endpoints';
import type { TDeliveryDetail } from '../history';
import { isoOf, isSet, type StoredFlag } from './stored';

/** An endpoint as stored: the columns its API view is made of. */
export interface StoredEndpoint {
  id: number;
  url: string;
  secret_key: string;
  description: string;
  game_type: string;
  active: StoredFlag;
  overlay_token: string | null;
  show_up_next: StoredFlag;
}

/**
 * Secrets are write-only: replies carry a mask, never the stored value. `origin` makes an overlay
 * endpoint's page URL absolute (admin replies only: the token in it is the overlay's credential).
 */
export function toWebhookEndpoint(row: StoredEndpoint, origin = ''): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    secretKey: row.secret_key ? MASKED_SECRET : '',
    hasSecret: row.secret_key !== '',
    description: row.description,
    gameType: row.game_type as TEndpointGameType,
    active: isSet(row.active),
    overlayUrl: row.overlay_token ? `${origin}/overlay/${row.overlay_token}` : null,
    showUpNext: row.overlay_token !== null && isSet(row.show_up_next),
  };
}

/** One delivery of a trigger with its endpoint's name and URL (null once the endpoint is deleted). */
export interface StoredDeliveryDetail {
  id: number;
  endpoint_id: number | null;
  status: TDeliveryDetail['status'];
  attempts: number;
  last_error: string | null;
  response: string | null;
  next_attempt_at: number;
  is_resend: StoredFlag;
  created_at: number;
  updated_at: number;
  description: string | null;
  url: string | null;
}

/** A delivery as the admin reads it: a transport label, never the URL (a WebRcon URL may carry the password). */
export function toDeliveryDetail(row: StoredDeliveryDetail): TDeliveryDetail {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    endpointDescription: row.description,
    endpointLabel: row.url === null ? null : endpointTransportLabel(row.url),
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    response: row.response,
    nextAttemptAt: row.status === 'queued' ? isoOf(row.next_attempt_at) : null,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    isResend: isSet(row.is_resend),
  };
}
