import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const twitchControlURL = inject('twitchControlURL');
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Switches the Twitch stand-in (another process's view of Twitch). */
async function setTwitch(change: { live?: boolean; game?: string }): Promise<void> {
  const res = await fetch(twitchControlURL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
    signal: AbortSignal.timeout(5000),
  });
  expect(res.ok).toBe(true);
}

/**
 * The server caches the status for 30 s; a signed-in viewer's refresh refetches it now. The server
 * allows one refresh per 5 s, and says how long to wait when refused; we wait exactly that.
 */
async function refreshStatus(page: Page): Promise<{ isLive: boolean; currentGame: string | null }> {
  for (;;) {
    const res = await page.request.post('/api/twitch/refresh', { headers: { origin: baseURL } });
    if (res.ok()) return res.json();
    expect(res.status()).toBe(429);
    const seconds = Number(res.headers()['retry-after'] ?? '1');
    await new Promise((r) => setTimeout(r, seconds * 1000));
  }
}

describe('the stream on the home page, the shop and the dashboard, in Chromium', () => {
  let browser: Browser;
  let viewer: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    viewer = await newPage(browser, baseURL);
    await registerViaUi(viewer, uniqueName('watcher'));
    await setTwitch({ live: false, game: 'Minecraft' });
    expect((await refreshStatus(viewer)).isLive).toBe(false);
  });
  afterAll(async () => {
    // Later suites share this server: leave the stream offline as it started.
    await setTwitch({ live: false });
    if (viewer) await refreshStatus(viewer);
    await browser?.close();
  });

  it('shows the offline player with the last broadcast, and loads the Twitch frame only when chosen', async () => {
    const page = await newPage(browser, baseURL);
    const twitchRequests: string[] = [];
    const cspMessages: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('twitch.tv')) twitchRequests.push(req.url());
    });
    page.on('console', (msg) => {
      if (msg.text().includes('Content Security Policy')) cspMessages.push(msg.text());
    });
    await page.goto('/');
    const player = page.getByTestId('stream-player');
    await player.getByText('Stream Offline').waitFor();
    const last = player.getByTestId('last-broadcast');
    await last.getByText('Yesterday on Rust').waitFor();
    expect(await last.textContent()).toContain('Jan 1, 2026');
    const follow = player.getByRole('link', { name: /Follow streamer/ });
    expect(await follow.getAttribute('href')).toBe('https://www.twitch.tv/streamer');
    expect(await follow.getAttribute('rel')).toContain('noopener');
    // The embed is heavy: nothing from Twitch until the viewer asks for it.
    expect(twitchRequests).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    const framed = page.waitForEvent('request', (req) => req.url().startsWith('https://player.twitch.tv/'));
    await player.getByText('Stream', { exact: true }).click();
    const request = await framed;
    const url = new URL(request.url());
    expect(url.searchParams.get('channel')).toBe('streamer');
    expect(url.searchParams.get('parent')).toBe('127.0.0.1');
    await player.getByTestId('twitch-player').waitFor({ state: 'attached' });

    const chat = page.waitForEvent('request', (req) => req.url().startsWith('https://www.twitch.tv/embed/'));
    await player.getByText('Chat', { exact: true }).click();
    expect(new URL((await chat).url()).searchParams.get('parent')).toBe('127.0.0.1');
    // The frames will not load here (no network); what matters is that the CSP let them try.
    expect(cspMessages).toEqual([]);
  });

  it('lists the YouTube videos and the short videos under the player', async () => {
    const page = await newPage(browser, baseURL);
    // Thumbnails come from YouTube's and TikTok's image hosts; here a tiny picture stands in for them.
    await page.route(/^https:\/\/(i2\.ytimg\.com|p16-sign\.tiktokcdn-us\.com)\//, (route) =>
      route.fulfill({ contentType: 'image/png', body: Buffer.from(PIXEL_PNG, 'base64') }),
    );
    await page.goto('/');
    await page.getByRole('tab', { name: 'Short Videos' }).waitFor();
    await page.getByText('Clutch moment').waitFor();
    await page.getByRole('tab', { name: 'Videos', exact: true }).click();
    const video = page.getByTestId('social-video').filter({ hasText: 'Building a castle & a moat' });
    await video.waitFor();
    expect(await video.getAttribute('href')).toBe('https://www.youtube.com/watch?v=vid00000001');
    expect(await video.getAttribute('rel')).toContain('noopener');
    expect(await video.textContent()).toContain('1,234 views');
    await page.getByText('Rust raid night').waitFor();
    const thumbnail = video.locator('img');
    expect(await thumbnail.getAttribute('src')).toBe('https://i2.ytimg.com/vi/vid00000001/hqdefault.jpg');
    expect(await thumbnail.getAttribute('loading')).toBe('lazy');
  });

  it('shows the Current Stream badge, selects the game tab and reads Live once the streamer goes live', async () => {
    await setTwitch({ live: true, game: 'Minecraft' });
    const status = await refreshStatus(viewer);
    expect(status).toMatchObject({ isLive: true, currentGame: 'Minecraft' });

    await viewer.goto('/shop');
    await viewer.getByTestId('current-stream').getByText('Current Stream: Minecraft').waitFor();
    await viewer.waitForFunction(
      () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'Minecraft',
    );

    // A tab the viewer picks afterwards is kept (the status does not fight the viewer).
    await viewer.getByRole('tab', { name: 'All Actions' }).click();
    expect(await viewer.getByRole('tab', { name: 'All Actions' }).getAttribute('aria-selected')).toBe('true');

    await viewer.goto('/dashboard');
    const card = viewer.getByTestId('stream-stats');
    await card.getByTestId('stream-stats-state').getByText('Live', { exact: true }).waitFor();
    expect(await card.getByTestId('stream-stats-game').textContent()).toBe('Minecraft');
    expect(await card.getByRole('link', { name: 'Watch Stream' }).getAttribute('href')).toBe(
      'https://www.twitch.tv/streamer',
    );

    // Live: the home page's player switches to the embed by itself.
    await viewer.goto('/');
    await viewer.getByTestId('twitch-player').waitFor({ state: 'attached' });
  });

  it('refreshes the status on request from the Stream Statistics card and the player, then reloads', async () => {
    await setTwitch({ live: true, game: 'Rust' });
    await viewer.goto('/dashboard');
    const card = viewer.getByTestId('stream-stats');
    await refreshAndReload(viewer, card.getByRole('button', { name: 'Refresh stream status' }));
    // The server read Twitch again, whatever its 30 s cache held.
    await card.getByTestId('stream-stats-game').getByText('Rust', { exact: true }).waitFor();
    await card.getByTestId('stream-stats-state').getByText('Live', { exact: true }).waitFor();

    // Once per 5 s: a click right after a refresh says how long to wait, and asks the server nothing.
    const asked: string[] = [];
    viewer.on('request', (req) => {
      if (req.url().includes('twitch.refresh')) asked.push(req.url());
    });
    await viewer.evaluate(() => sessionStorage.setItem('streamRefreshedAt', String(Date.now())));
    await card.getByRole('button', { name: 'Refresh stream status' }).click();
    await viewer.getByText(/^Please wait [1-5] seconds before refreshing again$/).waitFor();
    expect(asked).toEqual([]);

    // The player has the same control.
    await setTwitch({ live: false });
    await viewer.goto('/');
    const player = viewer.getByTestId('stream-player');
    await refreshAndReload(viewer, player.getByRole('button', { name: 'Refresh stream status' }));
    await player.getByText('Stream Offline', { exact: true }).waitFor();
  });
});

/**
 * Clicks a refresh control and waits for the page reload that follows. The server allows one forced
 * refresh per 5 s for everyone (this file refreshes too): when refused, it says how long to wait.
 */
async function refreshAndReload(page: Page, button: Locator): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.evaluate(() => sessionStorage.removeItem('streamRefreshedAt'));
    // Left waiting when refused: caught, so the page's close at the end does not fail the run.
    const loaded = page.waitForEvent('load').catch(() => undefined);
    const answered = page.waitForResponse((res) => res.url().includes('twitch.refresh'));
    await button.click();
    const res = await answered;
    if (res.ok()) {
      await loaded;
      return;
    }
    expect(res.status()).toBe(429);
    const seconds = Number(/(\d+) seconds/.exec(await res.text())?.[1] ?? '1');
    await new Promise((r) => setTimeout(r, seconds * 1000));
  }
  throw new Error('the refresh was refused five times');
}
