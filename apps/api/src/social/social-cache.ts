import type { TSocialContent, TTikTokVideo, TYouTubeVideo } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SocialConfig } from '../env';
import { SourceCache } from './source-cache';
import { TikTokClient } from './tiktok';
import { fetchYouTubeVideos } from './youtube';

/** The home page's video lists (GET /api/social-media), each source cached and failing on its own. */
export class SocialCache {
  private readonly youtube: SourceCache<TYouTubeVideo>;
  private readonly tiktok: SourceCache<TTikTokVideo>;

  constructor(config: SocialConfig, now: () => number, log: FastifyBaseLogger) {
    const { channelId, feedBase } = config.youtube;
    const tiktok = config.tiktok.accessToken || config.tiktok.refresh ? new TikTokClient(config.tiktok, now) : null;
    this.youtube = new SourceCache(
      'YouTube',
      channelId ? () => fetchYouTubeVideos(feedBase, channelId) : 'YOUTUBE_CHANNEL_ID is not set',
      now,
      log,
    );
    this.tiktok = new SourceCache(
      'TikTok',
      tiktok ? () => tiktok.videos() : 'TIKTOK_ACCESS_TOKEN is not set',
      now,
      log,
    );
  }

  async get(): Promise<TSocialContent> {
    const [youtube, tiktok] = await Promise.all([this.youtube.get(), this.tiktok.get()]);
    return { tiktok: tiktok.items, youtube: youtube.items, notes: { tiktok: tiktok.note, youtube: youtube.note } };
  }
}
