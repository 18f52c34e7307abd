import type { TGameType } from './actions';

export const ENDPOINT_GAME_TYPES = ['other', 'minecraft', 'rust'] as const;
export type TEndpointGameType = (typeof ENDPOINT_GAME_TYPES)[number];

/** Shown in place of a stored secret: secrets are write-only once saved. */
export const MASKED_SECRET = '••••••••';

/** The built-in stream overlay: `overlay://<name>` needs no secret, the shop makes its own token. */
export function isOverlayUrl(value: string): boolean {
  return /^overlay:\/\//i.test(value.trim());
}

export const SECRET_REQUIRED_MESSAGE = 'Secret key is required';
/** 'Show "Up next"' lists the queue on the built-in overlay page: other targets have no page to show it on. */
export const UP_NEXT_OVERLAY_ONLY_MESSAGE = 'Show "Up next" is only for overlay:// endpoints';

/**
 * The game the streamer is playing now, as the stream status names it; null while unknown (no
 * status yet, offline, or a game the shop has no endpoints for).
 */
export type TCurrentGame = 'minecraft' | 'rust' | null;

/**
 * DESIGN.md's routing rule. A game's action goes to that game's endpoints and to 'other' ones (they
 * take every game). A universal action (gameType 'any') goes to every active endpoint while the game
 * is unknown; once the stream status names the game, to that game's endpoints and the 'other' ones,
 * so a Rust server does not get a command meant for whatever is on screen in Minecraft.
 */
export function endpointTakesAction(
  endpointGameType: TEndpointGameType,
  actionGameType: TGameType,
  currentGame: TCurrentGame,
): boolean {
  if (endpointGameType === 'other') return true;
  if (actionGameType === 'any') return currentGame === null || endpointGameType === currentGame;
  return endpointGameType === actionGameType;
}

/**
 * How the admin form names a delivery target, without secrets: RCON and WebRcon show host:port only
 * (a WebRcon URL may carry the password in its path), a webhook shows its origin and hides its path
 * and query (tokens often live there, e.g. chat-service webhook URLs), userinfo is never shown.
 */
export function endpointTransportLabel(rawUrl: string): string {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'Unknown target';
  }
  const hostPort = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  switch (url.protocol) {
    case 'rcon:':
      return `Minecraft server at ${hostPort}`;
    case 'webrcon:':
      return `Rust server at ${hostPort}`;
    case 'overlay:':
      return 'Overlay';
    case 'http:':
    case 'https:':
      return `Webhook ${url.origin}${url.pathname !== '/' || url.search ? '/…' : ''}`;
    default:
      return 'Unknown target';
  }
}

/** One endpoint an action would be delivered to, as the admin form previews it. */
export interface TDeliveryTargetPreview {
  id: number;
  description: string;
  gameType: TEndpointGameType;
  /** 'Minecraft server at host:port', 'Rust server at ...', 'Webhook https://host/…', 'Overlay'. */
  label: string;
}

export const NO_RECEIVER_WARNING = 'No active endpoint would receive this action';

export interface TDeliveryPreview {
  targets: TDeliveryTargetPreview[];
  /** NO_RECEIVER_WARNING when nothing would receive it (a trigger would be refused), else null. */
  warning: string | null;
  /** The game the routing assumed (null: unknown, so universal actions go everywhere). */
  currentGame: TCurrentGame;
}
