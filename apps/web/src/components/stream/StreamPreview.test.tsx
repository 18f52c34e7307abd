import { MantineProvider } from '@mantine/core';
import type { TStreamInfo, TStreamStatus } from '@shop/domain';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StreamPreview } from './StreamPreview';

const notConfigured: TStreamStatus = {
  isLive: false,
  currentGame: null,
  gameType: 'any',
  username: null,
  stale: false,
  note: 'TWITCH_CHANNEL is not set',
};
const info: TStreamInfo = {
  thumbnailUrl: null,
  title: null,
  viewerCount: 0,
  profileImage: null,
  isLive: false,
  lastBroadcast: null,
  stale: false,
  note: 'TWITCH_CHANNEL is not set',
};

const drawn = (status: TStreamStatus, showNote: boolean) =>
  renderToString(
    <MantineProvider>
      <StreamPreview
        status={status}
        info={{ isPending: false, isSuccess: true, data: info }}
        showNote={showNote}
        onWatch={() => undefined}
      />
    </MantineProvider>,
  );

describe('StreamPreview without Twitch settings', () => {
  it("shows a visitor the spec's offline state, never the setting's name", () => {
    const html = drawn(notConfigured, false);
    expect(html).toContain('Stream Offline');
    expect(html).toContain('The stream is not live right now.');
    expect(html).not.toContain('TWITCH_CHANNEL');
    expect(html).not.toContain('not configured');
    // No channel, so nothing to follow.
    expect(html).not.toContain('Follow');
  });

  it('tells an admin what is missing', () => {
    expect(drawn(notConfigured, true)).toContain('TWITCH_CHANNEL is not set');
  });

  it('keeps the follow link when the channel is known', () => {
    const html = drawn({ ...notConfigured, username: 'streamer', note: null }, false);
    expect(html).toContain('Follow <!-- -->streamer');
    expect(html).toContain('href="https://www.twitch.tv/streamer"');
  });
});
