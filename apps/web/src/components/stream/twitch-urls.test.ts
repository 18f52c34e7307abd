import { describe, expect, it } from 'vitest';
import { channelUrl, chatEmbedUrl, formatBroadcastDate, playerEmbedUrl } from './twitch-urls';

describe('Twitch embed addresses', () => {
  it('names the page host as parent and starts muted', () => {
    expect(playerEmbedUrl('streamer', 'shop.example.com')).toBe(
      'https://player.twitch.tv/?channel=streamer&parent=shop.example.com&muted=true',
    );
  });

  it('asks for the dark chat', () => {
    expect(chatEmbedUrl('streamer', '127.0.0.1')).toBe(
      'https://www.twitch.tv/embed/streamer/chat?parent=127.0.0.1&darkpopout',
    );
  });

  it('links the channel', () => {
    expect(channelUrl('streamer')).toBe('https://www.twitch.tv/streamer');
  });

  it('formats the last broadcast date, and says so when the date is unreadable', () => {
    expect(formatBroadcastDate('2026-01-01T18:00:00Z', 'UTC')).toBe('Jan 1, 2026');
    expect(formatBroadcastDate('not a date')).toBe('Unknown date');
  });
});
