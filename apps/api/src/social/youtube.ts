/**
 * The one module that reads YouTube: a channel's public Atom feed (no API key), the 15 latest uploads
 * with their view counts. The feed carries no duration, so a video's length is null unless a feed
 * says (yt:duration, which some mirrors add).
 */

import { createRequire } from 'node:module';
import type { TYouTubeVideo } from '@shop/domain';
import type * as FastXmlParser from 'fast-xml-parser';
import type { XMLParser } from 'fast-xml-parser';
import { fetchWithTimeout, SocialSourceError } from './errors';

const require = createRequire(import.meta.url);
let parser: XMLParser | undefined;

/** Made on the first feed read: a shop without a YouTube channel never loads the XML parser. */
function feedParser(): XMLParser {
  if (!parser) {
    const { XMLParser } = require('fast-xml-parser') as typeof FastXmlParser;
    parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      // Ids and titles such as '2024' or '0123' must stay strings.
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name) => name === 'entry' || name === 'link',
    });
  }
  return parser;
}

export async function fetchYouTubeVideos(feedBase: string, channelId: string): Promise<TYouTubeVideo[]> {
  const url = new URL(feedBase);
  url.searchParams.set('channel_id', channelId);
  const res = await fetchWithTimeout(url.toString(), { headers: { Accept: 'application/atom+xml, application/xml' } });
  if (res.status === 404) throw new SocialSourceError(`YouTube has no channel ${channelId}`);
  if (!res.ok) throw new SocialSourceError(`the feed answered ${res.status}`);
  return parseYouTubeFeed(await res.text());
}

/** The feed's entries as videos; entries without an id are skipped, a body that is no feed is an error. */
export function parseYouTubeFeed(xml: string): TYouTubeVideo[] {
  let doc: unknown;
  try {
    doc = feedParser().parse(xml);
  } catch {
    throw new SocialSourceError('the feed is not valid XML');
  }
  const feed = field(doc, 'feed');
  if (feed === undefined || feed === null) throw new SocialSourceError('the answer is not a YouTube feed');
  const entries = field(feed, 'entry');
  if (!Array.isArray(entries)) return [];
  const videos: TYouTubeVideo[] = [];
  for (const entry of entries) {
    const id = text(field(entry, 'yt:videoId'));
    if (!id) continue;
    const group = field(entry, 'media:group');
    const links = field(entry, 'link');
    const alternate = Array.isArray(links)
      ? (links.find((l) => text(field(l, '@_rel')) === 'alternate') ?? links[0])
      : undefined;
    videos.push({
      id,
      title: text(field(entry, 'title')) ?? text(field(group, 'media:title')) ?? '',
      thumbnail: text(field(field(group, 'media:thumbnail'), '@_url')),
      views: count(field(field(field(group, 'media:community'), 'media:statistics'), '@_views')),
      length: count(field(field(group, 'yt:duration'), '@_seconds')),
      date: isoDate(text(field(entry, 'published'))),
      url: text(field(alternate, '@_href')) ?? `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`,
    });
  }
  return videos;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** An element's text whether the parser gave a string or an object with '#text' (when it has attributes). */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  const inner = field(value, '#text');
  return typeof inner === 'string' ? inner.trim() || null : null;
}

function count(value: unknown): number | null {
  const raw = text(value);
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

function isoDate(value: string | null): string {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? new Date(0).toISOString() : new Date(time).toISOString();
}
