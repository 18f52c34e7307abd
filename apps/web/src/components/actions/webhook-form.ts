import {
  isOverlayUrl,
  MASKED_SECRET,
  type TEndpointGameType,
  type TWebhookEndpoint,
  type TWebhookEndpointInput,
} from '@shop/domain';

/** What the Add/Edit Webhook form holds. */
export interface WebhookFormValues {
  url: string;
  secretKey: string;
  description: string;
  gameType: TEndpointGameType;
  active: boolean;
  /** overlay:// only: the overlay page also lists the next triggers in line. */
  showUpNext: boolean;
}

/** Under the 'Show "Up next"' switch. */
export const UP_NEXT_HELP =
  'The overlay page also lists the next 3 triggers in line (viewer and action) in a corner of the stream, hidden while nothing waits';

/** The form's starting values: an endpoint being edited, else a new one's defaults. */
export function webhookFormValues(endpoint: TWebhookEndpoint | null): WebhookFormValues {
  return {
    url: endpoint?.url ?? '',
    // The server never returns a secret; sending the mask back keeps the stored one.
    secretKey: endpoint?.hasSecret ? MASKED_SECRET : '',
    description: endpoint?.description ?? '',
    gameType: endpoint?.gameType ?? 'other',
    active: endpoint?.active ?? true,
    showUpNext: endpoint?.showUpNext ?? false,
  };
}

/**
 * The fields to send (and to validate). 'Show "Up next"' is hidden for other transports and the API
 * refuses it there, so a switch left on before the URL changed is sent as off.
 */
export function webhookPayload(values: WebhookFormValues): Omit<TWebhookEndpointInput, 'active'> {
  const url = values.url.trim();
  return {
    url,
    secretKey: values.secretKey,
    description: values.description.trim(),
    gameType: values.gameType,
    showUpNext: isOverlayUrl(url) && values.showUpNext,
  };
}
