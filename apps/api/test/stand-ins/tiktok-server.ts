/**
 * A stand-in for TikTok's Display API video list (POST /v2/video/list/?fields=...) on 127.0.0.1: Bearer
 * token check with TikTok's error shape (401 access_token_invalid), the requested fields only,
 * max_count honoured, a failing mode (500 internal_error) and a call counter; and its OAuth refresh
 * (POST /v2/oauth/token/, grant_type refresh_token) issuing 24-hour access tokens. Browser tests switch
 * it through POST /control {"failing": true}.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listenLocal, readFailingFlag } from './social-http';

export interface TikTokStandInVideo {
  id: string;
  title: string;
  cover_image_url: string;
  share_url: string;
  view_count: number;
  like_count: number;
  /** Epoch seconds, as TikTok answers. */
  create_time: number;
}

export const DEFAULT_TIKTOK_VIDEOS: TikTokStandInVideo[] = [
  {
    id: '7300000000000000001',
    title: 'Clutch moment',
    cover_image_url: 'https://p16-sign.tiktokcdn-us.com/cover-1.jpeg',
    share_url: 'https://www.tiktok.com/@streamer/video/7300000000000000001',
    view_count: 4321,
    like_count: 321,
    create_time: 1_795_000_000,
  },
  {
    id: '7300000000000000002',
    title: 'Creeper surprise',
    cover_image_url: 'https://p16-sign.tiktokcdn-us.com/cover-2.jpeg',
    share_url: 'https://www.tiktok.com/@streamer/video/7300000000000000002',
    view_count: 99,
    like_count: 12,
    create_time: 1_794_000_000,
  },
];

export interface TikTokStandIn {
  /** The value for TIKTOK_API_BASE. */
  apiBase: string;
  /** The user access token it accepts from the start (until revokeAccessTokens). */
  accessToken: string;
  /** The app credentials and refresh token its OAuth endpoint accepts. */
  clientKey: string;
  clientSecret: string;
  refreshToken: string;
  /** Refresh-token grants answered with a token. */
  tokenGrants(): number;
  /** Every access token issued so far stops working (as when one expires or is revoked). */
  revokeAccessTokens(): void;
  /** Video list requests answered (or refused) so far. */
  calls(): number;
  /** The max_count of the last video list request. */
  lastMaxCount(): number | null;
  /** While failing, every video list request answers 500. */
  setFailing(failing: boolean): void;
  setVideos(videos: TikTokStandInVideo[]): void;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function tikTokError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { data: {}, error: { code, message, log_id: 'standin-log' } });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  try {
    const body: unknown = JSON.parse(raw);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startTikTokStandIn(
  options: { port?: number; accessToken?: string; videos?: TikTokStandInVideo[] } = {},
): Promise<TikTokStandIn> {
  const accessToken = options.accessToken ?? 'act.standin-user-token';
  const clientKey = 'standin-client-key';
  const clientSecret = 'standin-client-secret';
  const refreshToken = 'rft.standin-refresh-token';
  const validTokens = new Set([accessToken]);
  let tokenGrants = 0;
  let videos = options.videos ?? DEFAULT_TIKTOK_VIDEOS;
  let failing = false;
  let calls = 0;
  let lastMaxCount: number | null = null;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/control') {
      const flag = await readFailingFlag(req);
      if (flag === null) return void res.writeHead(400).end('expected {"failing": true|false}');
      failing = flag;
      return void res.writeHead(204).end();
    }
    if (req.method === 'POST' && url.pathname === '/v2/oauth/token/') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'refresh_token') {
        return sendJson(res, 400, { error: 'invalid_request', error_description: 'grant_type', log_id: 'standin-log' });
      }
      const valid =
        form.get('client_key') === clientKey &&
        form.get('client_secret') === clientSecret &&
        form.get('refresh_token') === refreshToken;
      // TikTok answers a refused grant with 200 and an error field.
      if (!valid) {
        return sendJson(res, 200, {
          error: 'invalid_grant',
          error_description: 'Refresh token is invalid or expired.',
          log_id: 'standin-log',
        });
      }
      tokenGrants++;
      const issued = `act.standin-refreshed-${tokenGrants}`;
      validTokens.add(issued);
      return sendJson(res, 200, {
        access_token: issued,
        expires_in: 86_400,
        open_id: 'standin-open-id',
        refresh_expires_in: 31_536_000,
        refresh_token: refreshToken,
        scope: 'user.info.basic,video.list',
        token_type: 'Bearer',
      });
    }
    if (req.method !== 'POST' || url.pathname !== '/v2/video/list/') return void res.writeHead(404).end();
    calls++;
    if (failing) return tikTokError(res, 500, 'internal_error', 'Something went wrong');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !validTokens.has(bearer)) {
      return tikTokError(res, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    }
    const fields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0) return tikTokError(res, 400, 'invalid_params', 'fields is required');
    const body = await readJson(req);
    const maxCount = typeof body?.max_count === 'number' ? body.max_count : 10;
    if (maxCount < 1 || maxCount > 20) return tikTokError(res, 400, 'invalid_params', 'max_count must be 1..20');
    lastMaxCount = maxCount;
    const page = videos.slice(0, maxCount).map((video) => {
      const picked: Record<string, unknown> = {};
      for (const name of fields) if (name in video) picked[name] = video[name as keyof TikTokStandInVideo];
      return picked;
    });
    sendJson(res, 200, {
      data: { videos: page, cursor: Date.now() * 1000, has_more: videos.length > maxCount },
      error: { code: 'ok', message: '', log_id: 'standin-log' },
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  const port = await listenLocal(server, options.port);
  return {
    apiBase: `http://127.0.0.1:${port}/v2`,
    accessToken,
    clientKey,
    clientSecret,
    refreshToken,
    tokenGrants: () => tokenGrants,
    revokeAccessTokens: () => validTokens.clear(),
    calls: () => calls,
    lastMaxCount: () => lastMaxCount,
    setFailing: (value) => {
      failing = value;
    },
    setVideos: (value) => {
      videos = value;
    },
    close: () => closeServer(server),
  };
}
