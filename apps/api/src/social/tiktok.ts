/**
 * The one module that reads TikTok: the Display API's video list of the streamer's account, with the
 * user access token the streamer obtained. The token never appears in an error or a log.
 */
import type { TTikTokVideo } from '@shop/domain';
import { fetchWithTimeout, SocialSourceError } from './errors';

export const TIKTOK_VIDEO_FIELDS = 'id,title,cover_image_url,share_url,view_count,like_count,create_time';
const MAX_COUNT = 20;

interface TikTokVideoItem {
  id?: unknown;
  title?: unknown;
  cover_image_url?: unknown;
  share_url?: unknown;
  view_count?: unknown;
  like_count?: unknown;
  create_time?: unknown;
}

interface TikTokReply {
  data?: { videos?: unknown };
  error?: { code?: unknown; message?: unknown };
}

/** The access token was refused: a renewable token is renewed and the call tried once more. */
class TokenRefusedError extends SocialSourceError {}

export async function fetchTikTokVideos(apiBase: string, accessToken: string): Promise<TTikTokVideo[]> {
  const res = await fetchWithTimeout(`${apiBase}/video/list/?fields=${TIKTOK_VIDEO_FIELDS}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ max_count: MAX_COUNT }),
  });
  const body = (await res.json().catch(() => null)) as TikTokReply | null;
  const code = typeof body?.error?.code === 'string' ? body.error.code : null;
  if (!res.ok || (code !== null && code !== 'ok')) {
    if (code === 'access_token_invalid' || res.status === 401) {
      throw new TokenRefusedError('TikTok refused TIKTOK_ACCESS_TOKEN (expired or revoked)');
    }
    throw new SocialSourceError(`the video list answered ${res.status}${code ? ` (${code})` : ''}`);
  }
  const videos = body?.data?.videos;
  if (!Array.isArray(videos)) throw new SocialSourceError('the video list answered an unexpected body');
  return videos.flatMap((item: TikTokVideoItem) => {
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : null;
    if (!id) return [];
    return [
      {
        id,
        title: typeof item.title === 'string' ? item.title : '',
        thumbnail: typeof item.cover_image_url === 'string' && item.cover_image_url ? item.cover_image_url : null,
        views: typeof item.view_count === 'number' ? item.view_count : null,
        likes: typeof item.like_count === 'number' ? item.like_count : null,
        // create_time is epoch seconds.
        date: new Date(typeof item.create_time === 'number' ? item.create_time * 1000 : 0).toISOString(),
        url:
          typeof item.share_url === 'string' && item.share_url ? item.share_url : `https://www.tiktok.com/video/${id}`,
      },
    ];
  });
}

/** Renew this long before TikTok says the token expires, so a request never carries a dying token. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

export interface TikTokSettings {
  apiBase: string;
  accessToken: string | null;
  refresh: { clientKey: string; clientSecret: string; refreshToken: string } | null;
}

/**
 * The video list with a token kept fresh: the configured access token as long as TikTok takes it, and
 * with refresh settings a new one from the refresh token before it expires or once TikTok refuses it.
 */
export class TikTokClient {
  private token: { value: string; expiresAt: number } | null;
  /** TikTok may rotate the refresh token; the newest one is kept (in memory: a restart uses the configured one). */
  private refreshToken: string | null;
  private tokenRequest: Promise<string> | null = null;

  constructor(
    private readonly settings: TikTokSettings,
    private readonly now: () => number,
  ) {
    this.token = settings.accessToken ? { value: settings.accessToken, expiresAt: Number.POSITIVE_INFINITY } : null;
    this.refreshToken = settings.refresh?.refreshToken ?? null;
  }

  async videos(): Promise<TTikTokVideo[]> {
    const token = await this.accessToken();
    try {
      return await fetchTikTokVideos(this.settings.apiBase, token);
    } catch (error) {
      if (!(error instanceof TokenRefusedError) || !this.settings.refresh) throw error;
      if (this.token?.value === token) this.token = null;
      return fetchTikTokVideos(this.settings.apiBase, await this.accessToken());
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt - EXPIRY_MARGIN_MS) return this.token.value;
    if (!this.settings.refresh) {
      if (this.token) return this.token.value;
      throw new SocialSourceError('TIKTOK_ACCESS_TOKEN is not set');
    }
    const refresh = this.settings.refresh;
    this.tokenRequest ??= this.renew(refresh).finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  /** POST /oauth/token/ with grant_type refresh_token (TikTok's v2 OAuth, form-encoded). */
  private async renew(refresh: NonNullable<TikTokSettings['refresh']>): Promise<string> {
    const res = await fetchWithTimeout(`${this.settings.apiBase}/oauth/token/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Cache-Control': 'no-cache' },
      body: new URLSearchParams({
        client_key: refresh.clientKey,
        client_secret: refresh.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: this.refreshToken ?? refresh.refreshToken,
      }).toString(),
    });
    const body = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
      refresh_token?: unknown;
      error?: unknown;
    } | null;
    if (typeof body?.access_token !== 'string' || typeof body.expires_in !== 'number') {
      // TikTok answers a refused grant with an error field, sometimes under a 200.
      throw new SocialSourceError(
        typeof body?.error === 'string' || res.status === 400 || res.status === 401
          ? 'TikTok refused TIKTOK_CLIENT_KEY/TIKTOK_CLIENT_SECRET/TIKTOK_REFRESH_TOKEN'
          : `the token endpoint answered ${res.status}`,
      );
    }
    if (typeof body.refresh_token === 'string' && body.refresh_token) this.refreshToken = body.refresh_token;
    this.token = { value: body.access_token, expiresAt: this.now() + body.expires_in * 1000 };
    return body.access_token;
  }
}
