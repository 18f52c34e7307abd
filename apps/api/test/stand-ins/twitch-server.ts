/**
 * A stand-in for Twitch on 127.0.0.1: the OAuth token endpoint (client credentials) and the Helix reads
 * the shop makes (users, streams, videos, channels) with Helix's `{data: [...]}` shapes, Client-Id and
 * Bearer checks. Switchable live/offline and game, a failing mode (500 everywhere), token revocation
 * (the next Helix call answers 401) and per-path call counters.
 *
 * The broadcaster's authorization-code flow too: GET /oauth2/authorize redirects to redirect_uri with a
 * code and the state; POST /oauth2/token takes grant_type authorization_code and refresh_token and
 * issues user tokens; GET /helix/chat/chatters (user token only, broadcaster_id = moderator_id = the
 * channel's id) pages through `state.chatters` `chattersPageSize` at a time with Helix's cursor.
 * Viewers sign in too: the code /oauth2/authorize hands out belongs to `state.signedInAs` (the account
 * signed in to Twitch in the browser; the channel's by default), its tokens answer GET /helix/users
 * with that account, and every login has one stable user id (`userIdOf`), in chat as on /users.
 *
 * Tests in this process drive it through the returned object; another process (the browser tests)
 * through HTTP: POST {baseUrl}/__control with JSON {live?, game?, title?, viewers?, failing?,
 * revokeTokens?} answers the state; GET {baseUrl}/__control answers the state and the counters.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TwitchConfig } from '../../src/env';

export interface TwitchStandInState {
  live: boolean;
  game: string;
  title: string;
  viewers: number;
  /** Every token and Helix request answers 500. */
  failing: boolean;
  /** Logins in the channel's chat, as /helix/chat/chatters reports them. */
  chatters: string[];
  chattersPageSize: number;
  /** The Twitch account signed in in the browser: /oauth2/authorize issues its codes to it. */
  signedInAs: string;
  /** When the live broadcast began (Helix `started_at`): a new broadcast has a new one. */
  startedAt: string;
}

interface Grant {
  login: string;
  scopes: string[];
}

export interface TwitchStandIn {
  /** The server's origin, e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  /** The shop's Twitch settings that point at this stand-in (TWITCH_CHANNEL, _CLIENT_ID, ...). */
  config: TwitchConfig;
  /** TWITCH_API_BASE to configure. */
  apiBase: string;
  /** TWITCH_AUTH_BASE to configure. */
  authBase: string;
  channel: string;
  clientId: string;
  clientSecret: string;
  userId: string;
  profileImage: string;
  /** The last broadcast (archive video) it reports. */
  lastVideo: { title: string; createdAt: string };
  state(): TwitchStandInState;
  set(change: Partial<TwitchStandInState>): void;
  /** Invalidates every issued token: the next Helix call with one answers 401. */
  revokeTokens(): void;
  /** A fresh authorization code, as /oauth2/authorize would hand out (for the channel's account by default). */
  issueCode(login?: string): string;
  /** The Twitch user id of a login: the channel's is `userId`, every other one a stable number of its own. */
  userIdOf(login: string): string;
  /** Access tokens issued to the broadcaster (authorization code or refresh), newest last. */
  userTokens(): string[];
  /** Requests per path ('/oauth2/token', '/helix/users', '/helix/streams', ...), whatever their answer. */
  calls(path: string): number;
  resetCalls(): void;
  close(): Promise<void>;
}

interface Options {
  port?: number;
  channel?: string;
  clientId?: string;
  clientSecret?: string;
  /** Seconds the issued tokens are said to last. */
  expiresIn?: number;
  initial?: Partial<TwitchStandInState>;
}

export async function startTwitchStandIn(options: Options = {}): Promise<TwitchStandIn> {
  const channel = options.channel ?? 'streamer';
  const clientId = options.clientId ?? 'stand-in-client-id';
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret';
  const userId = '141981764';
  const profileImage = 'https://static-cdn.jtvnw.net/jtv_user_pictures/streamer-profile_image-300x300.png';
  const lastVideo = { title: 'Yesterday on Rust', createdAt: '2026-01-01T18:00:00Z' };
  let state: TwitchStandInState = {
    live: false,
    game: 'Minecraft',
    title: 'Building a castle',
    viewers: 42,
    failing: false,
    chatters: [],
    chattersPageSize: 1000,
    signedInAs: channel,
    startedAt: '2026-01-01T12:00:00Z',
    ...options.initial,
  };
  const tokens = new Set<string>();
  const userIdOf = (login: string) =>
    login.toLowerCase() === channel
      ? userId
      : String(createHash('sha256').update(login.toLowerCase()).digest().readUInt32BE(0));
  /** Issued user tokens and refresh tokens, each with the account and scopes it was granted for. */
  const userTokens = new Map<string, Grant>();
  const issuedUserTokens: string[] = [];
  const refreshTokens = new Map<string, Grant>();
  const codes = new Map<string, Grant>();
  const issueCode = (login = channel, scope = 'moderator:read:chatters') => {
    const code = randomBytes(10).toString('hex');
    codes.set(code, { login: login.toLowerCase(), scopes: scope.split(' ').filter(Boolean) });
    return code;
  };
  const issueUserTokens = (grant: Grant) => {
    const access = `user-${randomBytes(15).toString('hex')}`;
    const refresh = `refresh-${randomBytes(15).toString('hex')}`;
    userTokens.set(access, grant);
    issuedUserTokens.push(access);
    refreshTokens.set(refresh, grant);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: options.expiresIn ?? 14_000,
      scope: grant.scopes,
      token_type: 'bearer',
    };
  };
  const counts = new Map<string, number>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const helixError = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { error: status === 401 ? 'Unauthorized' : 'Error', status, message });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    if (url.pathname === '/__control') {
      if (req.method === 'POST') {
        const change = JSON.parse(body || '{}') as Partial<TwitchStandInState> & { revokeTokens?: boolean };
        if (change.revokeTokens) {
          tokens.clear();
          userTokens.clear();
        }
        const { revokeTokens: _revoke, ...rest } = change;
        state = { ...state, ...rest };
      }
      return send(res, 200, { ...state, calls: Object.fromEntries(counts) });
    }
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    if (state.failing) return helixError(res, 500, 'Internal Server Error');

    if (url.pathname === '/oauth2/authorize' && req.method === 'GET') {
      const redirect = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== clientId || !redirect) return helixError(res, 400, 'invalid client');
      const back = new URL(redirect);
      back.searchParams.set('code', issueCode(state.signedInAs, url.searchParams.get('scope') ?? ''));
      back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }

    if (url.pathname === '/oauth2/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return helixError(res, 403, 'invalid client secret');
      }
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || !form.get('redirect_uri')) return helixError(res, 400, 'Invalid authorization code');
        return send(res, 200, issueUserTokens(grant));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const grant = refreshTokens.get(form.get('refresh_token') ?? '');
        refreshTokens.delete(form.get('refresh_token') ?? '');
        if (!grant) return helixError(res, 400, 'Invalid refresh token');
        return send(res, 200, issueUserTokens(grant));
      }
      if (form.get('grant_type') !== 'client_credentials') return helixError(res, 400, 'invalid grant type');
      const token = randomBytes(15).toString('hex');
      tokens.add(token);
      return send(res, 200, { access_token: token, expires_in: options.expiresIn ?? 5_000_000, token_type: 'bearer' });
    }

    if (!url.pathname.startsWith('/helix/') || req.method !== 'GET') return helixError(res, 404, 'Not Found');
    if (req.headers['client-id'] !== clientId) return helixError(res, 401, 'Client ID and OAuth token do not match');
    const auth = req.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const grant = userTokens.get(bearer);
    const isUser = grant !== undefined;
    if (!tokens.has(bearer) && !isUser) return helixError(res, 401, 'Invalid OAuth token');

    const q = url.searchParams;
    if (url.pathname === '/helix/chat/chatters') {
      if (!isUser) return helixError(res, 401, 'Missing User OAUTH Token');
      if (!grant.scopes.includes('moderator:read:chatters')) return helixError(res, 401, 'Missing scope');
      if (q.get('broadcaster_id') !== userId || q.get('moderator_id') !== userId) {
        return helixError(res, 403, 'The user in moderator_id is not one of the broadcaster’s moderators');
      }
      const size = Math.min(Number(q.get('first') ?? '100'), state.chattersPageSize);
      const start = q.get('after') ? Number(Buffer.from(q.get('after') ?? '', 'base64').toString()) : 0;
      const page = state.chatters.slice(start, start + size);
      const next = start + size < state.chatters.length ? Buffer.from(String(start + size)).toString('base64') : null;
      return send(res, 200, {
        data: page.map((login) => ({ user_id: userIdOf(login), user_login: login, user_name: login })),
        pagination: next ? { cursor: next } : {},
        total: state.chatters.length,
      });
    }
    switch (url.pathname) {
      case '/helix/users': {
        // Looked up by name, only the channel exists here; a user token without parameters is its own account.
        const asked = q.get('login')?.toLowerCase() === channel ? channel : undefined;
        const login = grant && !q.get('login') && !q.get('id') ? grant.login : asked;
        const isChannel = login === channel;
        return send(res, 200, {
          data: login
            ? [
                {
                  id: userIdOf(login),
                  login,
                  display_name: login,
                  type: '',
                  broadcaster_type: isChannel ? 'affiliate' : '',
                  description: '',
                  profile_image_url: isChannel ? profileImage : '',
                  offline_image_url: '',
                  view_count: 0,
                  created_at: '2020-01-01T00:00:00Z',
                },
              ]
            : [],
        });
      }
      case '/helix/streams':
        return send(res, 200, {
          data:
            state.live && q.get('user_login')?.toLowerCase() === channel
              ? [
                  {
                    id: '40952121085',
                    user_id: userId,
                    user_login: channel,
                    user_name: channel,
                    game_id: '27471',
                    game_name: state.game,
                    type: 'live',
                    title: state.title,
                    viewer_count: state.viewers,
                    started_at: state.startedAt,
                    language: 'en',
                    thumbnail_url: `https://static-cdn.jtvnw.net/previews-ttv/live_user_${channel}-{width}x{height}.jpg`,
                    tag_ids: [],
                    tags: [],
                    is_mature: false,
                  },
                ]
              : [],
          pagination: {},
        });
      case '/helix/videos':
        return send(res, 200, {
          data:
            q.get('user_id') === userId && q.get('type') === 'archive'
              ? [
                  {
                    id: '335921245',
                    user_id: userId,
                    user_login: channel,
                    title: lastVideo.title,
                    created_at: lastVideo.createdAt,
                    published_at: lastVideo.createdAt,
                    type: 'archive',
                    duration: '3h8m33s',
                  },
                ]
              : [],
          pagination: {},
        });
      case '/helix/channels':
        return send(res, 200, {
          data:
            q.get('broadcaster_id') === userId
              ? [
                  {
                    broadcaster_id: userId,
                    broadcaster_login: channel,
                    broadcaster_name: channel,
                    game_name: state.game,
                    game_id: '27471',
                    title: state.title,
                  },
                ]
              : [],
        });
      default:
        return helixError(res, 404, 'Not Found');
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => helixError(res, 500, 'stand-in failure'));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    config: { channel, clientId, clientSecret, apiBase: `${baseUrl}/helix`, authBase: `${baseUrl}/oauth2` },
    apiBase: `${baseUrl}/helix`,
    authBase: `${baseUrl}/oauth2`,
    channel,
    clientId,
    clientSecret,
    userId,
    profileImage,
    lastVideo,
    state: () => ({ ...state }),
    set: (change) => {
      state = { ...state, ...change };
    },
    revokeTokens: () => {
      tokens.clear();
      userTokens.clear();
    },
    issueCode: (login) => issueCode(login),
    userIdOf,
    userTokens: () => [...issuedUserTokens],
    calls: (path) => counts.get(path) ?? 0,
    resetCalls: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
