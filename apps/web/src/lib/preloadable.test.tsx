import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable, preloadablesIn } from './preloadable';

function Shop({ name }: { name: string }) {
  return <p>shop of {name}</p>;
}

function Guard({ children }: { children: React.ReactNode }) {
  return children;
}

const drawn = (node: React.ReactNode) =>
  renderToString(<Suspense fallback={<p>loading</p>}>{node}</Suspense>).replace(/<!--.*?-->/g, '');

describe('preloadable', () => {
  it('suspends until its chunk is in, and draws at once after preload', async () => {
    const Page = preloadable(async () => ({ Shop }), 'Shop');
    // renderToString draws the fallback (with a note that the client will draw the rest).
    const before = drawn(<Page name="ana" />);
    expect(before).toContain('<p>loading</p>');
    expect(before).not.toContain('shop of');
    await Page.preload();
    expect(drawn(<Page name="ana" />)).toBe('<p>shop of ana</p>');
  });

  it('asks again after a failed download instead of failing for good', async () => {
    let attempts = 0;
    const Page = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk missing');
      return { Shop };
    }, 'Shop');
    await expect(Page.preload()).rejects.toThrow('chunk missing');
    await Page.preload();
    expect(attempts).toBe(2);
    expect(drawn(<Page name="bo" />)).toBe('<p>shop of bo</p>');
  });

  it('downloads once however often it is asked', async () => {
    let attempts = 0;
    const Page = preloadable(async () => {
      attempts += 1;
      return { Shop };
    }, 'Shop');
    await Promise.all([Page.preload(), Page.preload()]);
    await Page.preload();
    expect(attempts).toBe(1);
  });

  it('finds the pages of a route element inside its guards', () => {
    const Page = preloadable(async () => ({ Shop }), 'Shop');
    const Other = preloadable(async () => ({ Shop }), 'Shop');
    expect(preloadablesIn(<Guard>{<Page name="x" />}</Guard>)).toEqual([Page]);
    expect(
      preloadablesIn(
        <Guard>
          <Page name="x" />
          <Other name="y" />
        </Guard>,
      ),
    ).toEqual([Page, Other]);
    expect(preloadablesIn(<Shop name="z" />)).toEqual([]);
    expect(preloadablesIn(null)).toEqual([]);
  });
});
