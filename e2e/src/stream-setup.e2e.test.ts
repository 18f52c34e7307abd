import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { type OwnServer, startOwnServer } from './own-server';
import { loginViaUi, newPage, registerViaUi } from './session';

const ADMIN = { username: 'setupadmin', password: 'setup-admin-pass-1' };
/** What a visitor must never read: the streamer's setting names, or that something is unconfigured. */
const SETTING_TALK = /is not set|TWITCH_|TIKTOK_|YOUTUBE_|not configured/;

/**
 * Issue 28, point 7, on a server of this file's own started without any Twitch, TikTok or YouTube
 * setting: visitors get the spec's offline state, admins read what is missing where they can act.
 */
describe('a shop without stream settings, in Chromium', () => {
  let browser: Browser;
  let server: OwnServer;
  beforeAll(async () => {
    server = await startOwnServer({
      SEED_DEMO_DATA: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows a visitor 'Stream Offline' and empty lists, never a setting's name", async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/');
    const player = page.getByTestId('stream-player');
    await player.getByText('Stream Offline', { exact: true }).waitFor();
    await player.getByText('The stream is not live right now.', { exact: true }).waitFor();
    // No channel is known, so there is nothing to follow and nothing to refresh.
    expect(await player.getByRole('link', { name: /Follow/ }).count()).toBe(0);
    expect(await player.getByTestId('stream-refresh').count()).toBe(0);
    await page.getByText('No short videos yet.').waitFor();
    await page.getByRole('tab', { name: 'Videos', exact: true }).click();
    await page.getByText('No videos yet.').waitFor();
    expect(await page.locator('body').textContent()).not.toMatch(SETTING_TALK);
    await page.context().close();
  });

  it('keeps the notes from signed-in viewers and gives them to admins on the dashboard', async () => {
    const page = await newPage(browser, server.baseURL);
    await registerViaUi(page, uniqueName('nosetup'));
    await page.goto('/dashboard');
    const stats = page.getByTestId('stream-stats');
    await stats.getByTestId('stream-stats-game').getByText('Not streaming').waitFor();
    expect(await stats.textContent()).not.toMatch(SETTING_TALK);
    expect(await page.getByTestId('stream-setup-notes').count()).toBe(0);
    await page.context().close();

    const admin = await newPage(browser, server.baseURL);
    await loginViaUi(admin, ADMIN.username, ADMIN.password);
    await admin.goto('/dashboard');
    const notes = admin.getByTestId('stream-setup-notes');
    await notes.getByText('Stream setup needs attention').waitFor();
    await notes.getByText('TWITCH_CHANNEL is not set').waitFor();
    await notes.getByText('TIKTOK_ACCESS_TOKEN is not set').waitFor();
    await notes.getByText('YOUTUBE_CHANNEL_ID is not set').waitFor();
    // On the home page too, where the admin sees why the player is offline.
    await admin.goto('/');
    await admin.getByTestId('stream-player').getByText('TWITCH_CHANNEL is not set').waitFor();
    await admin.context().close();
  });

  it('gives an admin the notes after signing in within the app, where a visitor had none', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/');
    const player = page.getByTestId('stream-player');
    await player.getByText('Stream Offline').waitFor();
    expect(await player.textContent()).not.toMatch(SETTING_TALK);
    // The status read as a visitor is cached; signing in within the app must read it again.
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByTestId('nav-username').waitFor();
    // Signed in, the header has no Home link: the brand leads home.
    await page.getByRole('link', { name: 'StreamShop' }).first().click();
    await page.getByTestId('stream-player').getByText('TWITCH_CHANNEL is not set').waitFor();
    await page.context().close();
  });
});
