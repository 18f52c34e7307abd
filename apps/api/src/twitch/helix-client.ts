/**
 * The one module that talks to Twitch: an app access token (client credentials) and the four Helix
 * reads the shop needs. Every call has a timeout; secrets and tokens never appear in an error.
 */

const TIMEOUT_MS = 5_000;
/** Renew this long before Twitch says the token expires, so a request never carries a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

export interface HelixCredentials {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  authBase: string;
}

/** One account in the broadcaster's chat. */
export interface TwitchChatter {
  id: string;
  login: string;
}

export interface HelixUser {
  id: string;
  login: string;
  display_name: string;
  profile_image_url: string;
}

export interface HelixStream {
  user_login: string;
  started_at?: string;
  game_name: string;
  title: string;
  viewer_count: number;
  thumbnail_url: string;
}

export interface HelixVideo {
  title: string;
  created_at: string;
}

export interface HelixChannel {
  title: string;
  game_name: string;
}

/** A failure worth showing the streamer; the message never holds a secret. */
export class TwitchError extends Error {}

/** Twitch refused a user token (401): renew it and try again, or the broadcaster must authorize again. */
export class TwitchUserTokenError extends TwitchError {}

export class HelixClient {
  private token: { value: string; expiresAt: number } | null = null;
  /** Concurrent callers with no token share one token request. */
  private tokenRequest: Promise<string> | null = null;

  constructor(
    private readonly credentials: HelixCredentials,
    private readonly now: () => number,
  ) {}

  async userByLogin(login: string): Promise<HelixUser | null> {
    return (await this.get<HelixUser>('/users', { login }))[0] ?? null;
  }

  /** The live stream, or null when the channel is offline. */
  async liveStream(login: string): Promise<HelixStream | null> {
    return (await this.get<HelixStream>('/streams', { user_login: login }))[0] ?? null;
  }

  /** The last past broadcast (archive VOD), or null when there is none. */
  async lastBroadcast(userId: string): Promise<HelixVideo | null> {
    return (await this.get<HelixVideo>('/videos', { user_id: userId, type: 'archive', first: '1' }))[0] ?? null;
  }

  async channel(broadcasterId: string): Promise<HelixChannel | null> {
    return (await this.get<HelixChannel>('/channels', { broadcaster_id: broadcasterId }))[0] ?? null;
  }

  /**
   * Every chatter in the broadcaster's chat, id and login (GET /chat/chatters, all pages through the
   * `after` cursor), read with the broadcaster's own user token (scope moderator:read:chatters).
   */
  async chatters(userToken: string, broadcasterId: string): Promise<TwitchChatter[]> {
    const chatters: TwitchChatter[] = [];
    let after: string | null = null;
    // 1000 per page; the cap stops a misbehaving cursor from looping forever.
    for (let page = 0; page < 1000; page++) {
      const params = new URLSearchParams({ broadcaster_id: broadcasterId, moderator_id: broadcasterId, first: '1000' });
      if (after) params.set('after', after);
      const body = await this.userGet(userToken, `/chat/chatters?${params.toString()}`);
      for (const item of body.data) {
        const { user_id: id, user_login: login } = item as { user_id?: unknown; user_login?: unknown };
        if (typeof id === 'string' && typeof login === 'string') chatters.push({ id, login: login.toLowerCase() });
      }
      after = typeof body.pagination?.cursor === 'string' && body.pagination.cursor ? body.pagination.cursor : null;
      if (!after) return chatters;
    }
    throw new TwitchError('Helix /chat/chatters kept paging past 1000 pages');
  }

  /** The account a user token belongs to (GET /users without parameters). */
  async tokenUser(userToken: string): Promise<HelixUser | null> {
    return ((await this.userGet(userToken, '/users')).data[0] as HelixUser | undefined) ?? null;
  }

  private async userGet(
    userToken: string,
    pathAndQuery: string,
  ): Promise<{ data: unknown[]; pagination?: { cursor?: unknown } }> {
    const path = pathAndQuery.split('?')[0];
    const res = await request(`${this.credentials.apiBase}${pathAndQuery}`, {
      headers: { 'Client-Id': this.credentials.clientId, Authorization: `Bearer ${userToken}` },
    });
    if (res.status === 401) throw new TwitchUserTokenError(`Helix ${path} refused the broadcaster's token`);
    if (!res.ok) throw new TwitchError(`Helix ${path} answered ${res.status}`);
    const body = (await res.json().catch(() => null)) as { data?: unknown; pagination?: { cursor?: unknown } } | null;
    if (!body || !Array.isArray(body.data)) throw new TwitchError(`Helix ${path} answered an unexpected body`);
    return { data: body.data, pagination: body.pagination };
  }

  /** A Helix read; on a 401 the token was revoked or expired early, so it retries once with a fresh one. */
  private async get<T>(path: string, params: Record<string, string>): Promise<T[]> {
    const url = `${this.credentials.apiBase}${path}?${new URLSearchParams(params).toString()}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await request(url, {
        headers: { 'Client-Id': this.credentials.clientId, Authorization: `Bearer ${token}` },
      });
      if (res.status === 401 && attempt === 0) {
        if (this.token?.value === token) this.token = null;
        continue;
      }
      if (!res.ok) throw new TwitchError(`Helix ${path} answered ${res.status}`);
      const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
      if (!body || !Array.isArray(body.data)) throw new TwitchError(`Helix ${path} answered an unexpected body`);
      return body.data as T[];
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt - EXPIRY_MARGIN_MS) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const res = await request(`${this.credentials.authBase}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.credentials.clientId,
        client_secret: this.credentials.clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
    });
    if (!res.ok) {
      throw new TwitchError(
        res.status === 400 || res.status === 401 || res.status === 403
          ? 'Twitch refused the client id/secret'
          : `the Twitch token endpoint answered ${res.status}`,
      );
    }
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new TwitchError('the Twitch token endpoint answered an unexpected body');
    }
    this.token = { value: body.access_token, expiresAt: this.now() + body.expires_in * 1000 };
    return body.access_token;
  }
}

/** fetch with the timeout; a network failure becomes a TwitchError naming only what went wrong. */
export async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new TwitchError(timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : 'the connection failed');
  }
}
