import type { TwitchConfig } from '../env';
import { request, TwitchError } from './helix-client';

/** The one scope the shop asks the broadcaster for: reading who is in chat. */
export const CHATTERS_SCOPE = 'moderator:read:chatters';
export const TWITCH_AUTH_PATH = '/api/twitch/auth';
export const TWITCH_CALLBACK_PATH = '/api/twitch/callback';
export const TWITCH_VERIFY_PATH = '/api/twitch/verify';

export interface UserTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lasts, as Twitch says. */
  expiresIn: number;
  scopes: string[];
}

/**
 * Twitch's authorize page (authorization-code flow): for the broadcaster with the chatters scope, for
 * a viewer proving an account with none. `force_verify` makes Twitch ask even when the browser is
 * signed in, so a viewer on a shared computer can pick the right account.
 */
export function authorizeUrl(
  config: TwitchConfig,
  clientId: string,
  redirectUri: string,
  state: string,
  scope: string = CHATTERS_SCOPE,
): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
  });
  if (scope === '') params.set('force_verify', 'true');
  return `${config.authBase}/authorize?${params.toString()}`;
}

export function exchangeCode(
  config: TwitchConfig,
  credentials: { clientId: string; clientSecret: string },
  code: string,
  redirectUri: string,
): Promise<UserTokens> {
  return tokenRequest(config, {
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    code,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
  });
}

export function refreshUserToken(
  config: TwitchConfig,
  credentials: { clientId: string; clientSecret: string },
  refreshToken: string,
): Promise<UserTokens> {
  return tokenRequest(config, {
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

async function tokenRequest(config: TwitchConfig, form: Record<string, string>): Promise<UserTokens> {
  const res = await request(`${config.authBase}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (!res.ok) {
    throw new TwitchError(
      res.status === 400 || res.status === 401 || res.status === 403
        ? `Twitch refused the ${form.grant_type === 'refresh_token' ? 'refresh token' : 'authorization code'}`
        : `the Twitch token endpoint answered ${res.status}`,
    );
  }
  const body = (await res.json().catch(() => null)) as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_in?: unknown;
    scope?: unknown;
  } | null;
  if (typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string') {
    throw new TwitchError('the Twitch token endpoint answered an unexpected body');
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : 3600,
    scopes: Array.isArray(body.scope) ? body.scope.filter((s): s is string => typeof s === 'string') : [],
  };
}
