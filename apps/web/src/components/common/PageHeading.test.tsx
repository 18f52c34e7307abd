import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageHeading } from './PageHeading';

const drawn = (node: ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);

describe('PageHeading', () => {
  it('is the page heading, with the highlighted words in a span of their own', () => {
    const html = drawn(
      <PageHeading
        title="Troll Your Favorite Streamer With Epic In-Game Events"
        highlight="Epic In-Game Events"
        description="Buy coins, pick an action."
      />,
    );
    expect(html).toMatch(
      /<h1[^>]*>Troll Your Favorite Streamer With <span[^>]*data-highlight="true"[^>]*>Epic In-Game Events<\/span><\/h1>/,
    );
    expect(html).toContain('Buy coins, pick an action.');
  });

  it('aligns left by default, and center or right when asked', () => {
    expect(drawn(<PageHeading title="Transaction History" />)).toContain('data-align="left"');
    for (const align of ['center', 'right'] as const) {
      const html = drawn(<PageHeading title="404 Page Not Found" align={align} />);
      expect(html).toContain(`data-align="${align}"`);
      expect(html).toContain(`text-align:${align}`);
    }
  });

  it('draws a section heading as h2 with its id, and its controls', () => {
    const html = drawn(
      <PageHeading order={2} id="live-stream-title" title="Live Stream" actions={<button type="button">Add</button>} />,
    );
    expect(html).toMatch(/<h2[^>]*id="live-stream-title"[^>]*>Live Stream<\/h2>/);
    expect(html).toContain('>Add</button>');
  });
});
