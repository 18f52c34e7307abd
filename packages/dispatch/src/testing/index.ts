export { closedPort } from './closed-port';
export { type RconStandIn, type RconStandInOptions, startRconStandIn } from './rcon-stand-in';
export { startSilentServer } from './silent-server';
export { type ReceivedWebhook, startWebhookStandIn, type WebhookStandIn } from './webhook-stand-in';
export {
  type StandInPlayer,
  startWebRconStandIn,
  type WebRconStandIn,
  type WebRconStandInOptions,
} from './webrcon-stand-in';
