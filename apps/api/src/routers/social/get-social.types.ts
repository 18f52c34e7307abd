import { ZSocialContentOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetSocialOutput = ZSocialContentOut;

export const getSocialMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/social-media',
    summary: "The streamer's latest TikTok and YouTube videos",
    tag: 'Stream',
    description:
      "YouTube from the channel's public feed (YOUTUBE_CHANNEL_ID), TikTok from its Display API (TIKTOK_ACCESS_TOKEN). Cached server-side for 30 minutes per source. A source that is not configured or cannot be reached answers its last good list (or an empty one) with a note saying why; the other source is unaffected.",
  },
};
