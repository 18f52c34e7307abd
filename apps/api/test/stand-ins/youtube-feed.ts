/**
 * A stand-in for YouTube's public channel feed (GET /feeds/videos.xml?channel_id=...) on 127.0.0.1:
 * the same Atom XML the real feed serves, 404 for an unknown channel (as YouTube answers), a failing
 * mode (503) and a call counter. Browser tests switch it through POST /control {"failing": true}.
 */
import { createServer } from 'node:http';
import { closeServer, listenLocal, readFailingFlag } from './social-http';

export interface FeedVideo {
  id: string;
  title: string;
  published: string;
  views: number;
  /** A Short: linked as /shorts/ID, as the real feed does. */
  short?: boolean;
}

export const YOUTUBE_STAND_IN_CHANNEL = 'UCstandinchannel000000000';

/** A fixed list of 3 videos, newest first, for tests that only need 'some videos'. */
export const DEFAULT_FEED_VIDEOS: FeedVideo[] = [
  { id: 'vid00000001', title: 'Building a castle & a moat', published: '2026-11-20T18:00:00+00:00', views: 1234 },
  { id: 'vid00000002', title: 'Rust raid night', published: '2026-11-18T20:30:00+00:00', views: 56 },
  { id: 'vid00000003', title: '2026', published: '2026-11-15T12:00:00+00:00', views: 7, short: true },
];

export interface YouTubeFeedStandIn {
  /** The value for YOUTUBE_FEED_BASE. */
  feedBase: string;
  channelId: string;
  /** Feed requests answered (or refused) so far. */
  calls(): number;
  /** While failing, every feed request answers 503. */
  setFailing(failing: boolean): void;
  setVideos(videos: FeedVideo[]): void;
  close(): Promise<void>;
}

export async function startYouTubeFeedStandIn(
  options: { port?: number; channelId?: string; videos?: FeedVideo[] } = {},
): Promise<YouTubeFeedStandIn> {
  const channelId = options.channelId ?? YOUTUBE_STAND_IN_CHANNEL;
  let videos = options.videos ?? DEFAULT_FEED_VIDEOS;
  let failing = false;
  let calls = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/control') {
      void readFailingFlag(req).then((flag) => {
        if (flag === null) {
          res.writeHead(400).end('expected {"failing": true|false}');
          return;
        }
        failing = flag;
        res.writeHead(204).end();
      });
      return;
    }
    if (req.method !== 'GET' || url.pathname !== '/feeds/videos.xml') {
      res.writeHead(404).end();
      return;
    }
    calls++;
    if (failing) {
      res.writeHead(503, { 'Content-Type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (url.searchParams.get('channel_id') !== channelId) {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>Not Found</body></html>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=UTF-8' }).end(feedXml(channelId, videos));
  });
  const port = await listenLocal(server, options.port);
  return {
    feedBase: `http://127.0.0.1:${port}/feeds/videos.xml`,
    channelId,
    calls: () => calls,
    setFailing: (value) => {
      failing = value;
    },
    setVideos: (value) => {
      videos = value;
    },
    close: () => closeServer(server),
  };
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The real feed's shape: Atom with the yt: and media: namespaces, statistics inside media:community. */
function feedXml(channelId: string, videos: FeedVideo[]): string {
  const entries = videos.map((v) => {
    const title = escapeXml(v.title);
    const link = v.short ? `https://www.youtube.com/shorts/${v.id}` : `https://www.youtube.com/watch?v=${v.id}`;
    return `
 <entry>
  <id>yt:video:${v.id}</id>
  <yt:videoId>${v.id}</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>${title}</title>
  <link rel="alternate" href="${link}"/>
  <author>
   <name>Stand-in Streamer</name>
   <uri>https://www.youtube.com/channel/${channelId}</uri>
  </author>
  <published>${v.published}</published>
  <updated>${v.published}</updated>
  <media:group>
   <media:title>${title}</media:title>
   <media:content url="https://www.youtube.com/v/${v.id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i2.ytimg.com/vi/${v.id}/hqdefault.jpg" width="480" height="360"/>
   <media:description>About ${title}</media:description>
   <media:community>
    <media:starRating count="10" average="5.00" min="1" max="5"/>
    <media:statistics views="${v.views}"/>
   </media:community>
  </media:group>
 </entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channelId}"/>
 <id>yt:channel:${channelId.replace(/^UC/, '')}</id>
 <yt:channelId>${channelId.replace(/^UC/, '')}</yt:channelId>
 <title>Stand-in Streamer</title>
 <link rel="alternate" href="https://www.youtube.com/channel/${channelId}"/>
 <author>
  <name>Stand-in Streamer</name>
  <uri>https://www.youtube.com/channel/${channelId}</uri>
 </author>
 <published>2020-01-01T00:00:00+00:00</published>${entries.join('')}
</feed>
`;
}
