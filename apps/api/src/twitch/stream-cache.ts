import { streamGameType, type TStreamInfo, type TStreamStatus } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { TwitchConfig } from '../env';
import { HelixClient, TwitchError } from './helix-client';

/** Any number of viewers polling costs at most one round of upstream calls per window. */
export const STREAM_CACHE_MS = 30_000;
/** A signed-in viewer may force a refetch this often (per process), so a refresh button cannot flood Twitch. */
export const FORCED_REFRESH_MS = 5_000;
const THUMBNAIL_SIZE = { width: '640', height: '360' };

export interface StreamSnapshot {
  status: TStreamStatus;
  info: TStreamInfo;
  /** When the live broadcast began (epoch ms); null when offline or unknown. */
  startedAt?: number | null;
}

/**
 * The stream status and info, kept server-side: refreshed at most once per window, one fetch shared
 * by every concurrent caller, and on a Twitch failure the last known state (marked stale) or offline
 * with a note. It never throws, so the endpoints built on it never answer 500.
 */
export class StreamCache {
  private readonly client: HelixClient | null;
  /** Why there is no client (a missing setting); null when configured. */
  private readonly missing: string | null;
  private lastGood: StreamSnapshot | null = null;
  private current: StreamSnapshot | null = null;
  private attemptedAt: number | null = null;
  private inflight: Promise<StreamSnapshot> | null = null;
  private forcedAt: number | null = null;
  /** The start of the last broadcast seen live: limits keep counting it until the next one starts. */
  private lastLiveStart: number | null = null;
  private readonly listeners = new Set<(status: TStreamStatus) => void>();

  constructor(
    private readonly config: TwitchConfig,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.missing = missingSetting(config);
    this.client =
      this.missing === null && config.clientId && config.clientSecret
        ? new HelixClient(
            {
              clientId: config.clientId,
              clientSecret: config.clientSecret,
              apiBase: config.apiBase,
              authBase: config.authBase,
            },
            now,
          )
        : null;
  }

  /** The snapshot, refetched when the window has passed (shared with any fetch already running). */
  async get(): Promise<StreamSnapshot> {
    if (!this.client) return offline(this.config.channel, this.missing);
    // A fetch under way is answered when it lands, so nobody gets the state it is replacing.
    if (this.inflight) return this.inflight;
    if (this.current && this.attemptedAt !== null && this.now() - this.attemptedAt < STREAM_CACHE_MS) {
      return this.current;
    }
    return this.refresh();
  }

  /** Refetches now, whatever the window (joins a fetch already running rather than starting another). */
  async refresh(): Promise<StreamSnapshot> {
    if (!this.client) return offline(this.config.channel, this.missing);
    const client = this.client;
    this.inflight ??= this.fetchSnapshot(client).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /** False without Twitch settings: the stream's state is then unknown, never 'offline'. */
  get configured(): boolean {
    return this.client !== null;
  }

  /** Called after every fetch (the auto-pause watches the live state flip). */
  onRefresh(listener: (status: TStreamStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Seconds until a forced refresh is allowed; 0 means allowed now, and this one is counted. */
  takeForcedRefresh(): number {
    const now = this.now();
    if (this.forcedAt !== null && now - this.forcedAt < FORCED_REFRESH_MS) {
      return Math.max(1, Math.ceil((this.forcedAt + FORCED_REFRESH_MS - now) / 1000));
    }
    this.forcedAt = now;
    return 0;
  }

  /**
   * The cached status without waiting on Twitch (the trigger path must not): null when nothing is known
   * yet or the window has passed; either way a background refresh is started so the next call knows.
   */
  peekStatus(): TStreamStatus | null {
    if (!this.client) return null;
    const fresh = this.attemptedAt !== null && this.now() - this.attemptedAt < STREAM_CACHE_MS;
    if (!fresh) void this.refresh();
    return this.current?.status ?? null;
  }

  /**
   * What 'per stream' means now for the economy's limits: without Twitch settings the UTC day;
   * with them, the broadcast that is live (or was last seen live), else the UTC day as well.
   */
  broadcastWindow(): { window: 'stream' | 'day'; startedAt: number | null } {
    if (!this.client) return { window: 'day', startedAt: null };
    this.peekStatus();
    const startedAt = this.current?.startedAt ?? this.lastLiveStart;
    return { window: 'stream', startedAt };
  }

  private async fetchSnapshot(client: HelixClient): Promise<StreamSnapshot> {
    const channel = this.config.channel ?? '';
    this.attemptedAt = this.now();
    try {
      const snapshot = await readStream(client, channel);
      if (snapshot.startedAt) this.lastLiveStart = snapshot.startedAt;
      this.lastGood = snapshot;
      this.current = snapshot;
    } catch (error) {
      const reason = error instanceof TwitchError ? error.message : 'an unexpected error';
      this.log.warn({ reason }, 'twitch stream status could not be read');
      const note = `Twitch could not be reached: ${reason}`;
      this.current = this.lastGood
        ? {
            status: { ...this.lastGood.status, stale: true, note },
            info: { ...this.lastGood.info, stale: true, note },
          }
        : offline(channel, note);
    }
    for (const listener of this.listeners) listener(this.current.status);
    return this.current;
  }
}

function missingSetting(config: TwitchConfig): string | null {
  if (!config.channel) return 'TWITCH_CHANNEL is not set';
  if (!config.clientId && !config.clientSecret) return 'TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are not set';
  if (!config.clientId) return 'TWITCH_CLIENT_ID is not set';
  if (!config.clientSecret) return 'TWITCH_CLIENT_SECRET is not set';
  return null;
}

function offline(username: string | null, note: string | null): StreamSnapshot {
  return {
    status: { isLive: false, currentGame: null, gameType: 'any', username, stale: false, note },
    info: {
      thumbnailUrl: null,
      title: null,
      viewerCount: 0,
      profileImage: null,
      isLive: false,
      lastBroadcast: null,
      stale: false,
      note,
    },
  };
}

/** One round of Helix reads: the user first (its id keys the others), then the rest together. */
async function readStream(client: HelixClient, channel: string): Promise<StreamSnapshot> {
  const user = await client.userByLogin(channel);
  if (!user) return offline(channel, `Twitch has no channel named ${channel}`);
  const [stream, video, info] = await Promise.all([
    client.liveStream(channel),
    client.lastBroadcast(user.id),
    client.channel(user.id),
  ]);
  const currentGame = stream ? stream.game_name || null : null;
  const startedAt = stream?.started_at ? Date.parse(stream.started_at) : Number.NaN;
  return {
    startedAt: Number.isFinite(startedAt) ? startedAt : null,
    status: {
      isLive: stream !== null,
      currentGame,
      gameType: stream ? streamGameType(currentGame) : 'any',
      username: channel,
      stale: false,
      note: null,
    },
    info: {
      thumbnailUrl: stream
        ? stream.thumbnail_url.replace('{width}', THUMBNAIL_SIZE.width).replace('{height}', THUMBNAIL_SIZE.height)
        : null,
      title: stream?.title ?? info?.title ?? null,
      viewerCount: stream?.viewer_count ?? 0,
      profileImage: user.profile_image_url || null,
      isLive: stream !== null,
      lastBroadcast: video
        ? { title: video.title, game: info?.game_name || null, date: new Date(video.created_at).toISOString() }
        : null,
      stale: false,
      note: null,
    },
  };
}
