export type { PoolStats } from './connection-pool';
export { deliver, transportFor } from './deliver';
export {
  createDispatcher,
  DEFAULT_IDLE_MS,
  type Dispatcher,
  type DispatcherOptions,
  type DispatcherStats,
} from './dispatcher';
export { DeliveryFailure } from './failure';
export { sendHttpWebhook, type WebhookBody } from './http-webhook';
export { RCON_DEFAULT_PORT, RCON_MAX_COMMAND_BYTES, sendMinecraftRcon } from './minecraft-rcon';
export {
  NO_OVERLAY_OPEN,
  type OverlayAlert,
  type OverlayChannel,
  overlayAlertOf,
  overlayName,
  sendOverlayAlert,
} from './overlay';
export {
  parsePlayerList,
  type RustPlayer,
  type RustPlayerListResult,
  rustPlayerList,
  sendRustWebRcon,
  WEBRCON_DEFAULT_PORT,
} from './rust-webrcon';
export { signWebhook } from './signature';
export type { DeliveryPayload, DeliveryResult, DeliveryTarget, Transport, TransportOptions } from './types';
