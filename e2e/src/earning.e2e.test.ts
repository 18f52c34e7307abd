import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { balance, loginViaUi, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');
const twitchControlURL = inject('twitchControlURL');

/** Repeats `step` until `done` holds; the test's own timeout is the limit, not a clock budget here. */
async function until(step: () => Promise<void>, done: () => Promise<boolean>): Promise<void> {
  for (;;) {
    await step();
    if (await done()) return;
  }
}

/**
 * 'Verify with Twitch' from the profile card, signed in to Twitch (the stand-in) as `login`: the
 * browser goes to Twitch's authorize page and back through the shop's callback to the dashboard.
 */
async function verifyTwitch(page: Page, login: string): Promise<void> {
  const signIn = await fetch(twitchControlURL, {
    method: 'POST',
    body: JSON.stringify({ signedInAs: login }),
    signal: AbortSignal.timeout(5_000),
  });
  expect(signIn.status).toBe(200);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Verify with Twitch' }).click();
  await page.getByText('Twitch account verified').waitFor();
  await page.getByText('Verified', { exact: true }).waitFor();
}

/** Signs the body as Streamer.bot's C# action does (setup guide): hex HMAC SHA-256 of the raw bytes. */
function redeem(url: string, secret: string, body: object) {
  const raw = JSON.stringify(body);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
    },
    body: raw,
    signal: AbortSignal.timeout(10_000),
  });
}

describe('Earning coins without paying, in Chromium', () => {
  let browser: Browser;
  let adminPage: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // Other files share this server: stop paying everyone every half second.
    if (adminPage) {
      await adminPage.goto('/admin/watch-time');
      if (await adminPage.getByLabel('Enable watch time rewards').isChecked()) {
        await adminPage.getByRole('switch', { name: 'Enable watch time rewards' }).click();
        await adminPage.getByRole('button', { name: 'Save Settings' }).click();
        await adminPage.getByText('Settings updated').first().waitFor();
      }
    }
    await browser?.close();
  });

  it('an admin turns on watch-time rewards and a verified viewer is paid (simulated data)', async () => {
    const viewerName = uniqueName('watcher');
    const twitchLogin = viewerName.toLowerCase();
    const viewer = await newPage(browser, baseURL);
    await registerViaUi(viewer, viewerName);
    // Simulated data pays proven Twitch accounts only: a typed name is a claim anyone can make.
    await verifyTwitch(viewer, twitchLogin);
    const before = await balance(viewer);

    adminPage = await newPage(browser, baseURL);
    const page = adminPage;
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/admin/watch-time');
    await page.getByRole('heading', { name: 'Watch Time Rewards' }).waitFor();
    const badges = page.getByTestId('watch-time-badges');
    await badges.getByText('Running').waitFor();
    await badges.getByText('Simulated').waitFor();
    await page
      .getByText('Without Twitch authorization the system uses simulated viewer data', { exact: false })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Authorize with Twitch' }).getAttribute('href')).toBe(
      '/api/twitch/auth',
    );

    // Saving the unchanged form sends nothing.
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Please make changes before saving.').waitFor();

    // Out of bounds: the server's own message, shown under the field.
    await page.getByLabel('Reward interval (minutes)').fill('0');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Reward interval must be between 1 and 1440 minutes').waitFor();

    await page.getByRole('switch', { name: 'Enable watch time rewards' }).click();
    expect(await page.getByLabel('Enable watch time rewards').isChecked()).toBe(true);
    await page.getByLabel('Reward interval (minutes)').fill('1');
    await page.getByLabel('Coins per interval').fill('7');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings updated').first().waitFor();
    await badges.getByText('Enabled').waitFor();
    const current = page.getByRole('table', { name: 'Current settings' });
    await current.getByText('1 minute', { exact: true }).waitFor();
    expect(await current.getByText('Never').count()).toBe(0);

    // The admin sees the reward arrive in the recent list.
    const row = page.getByTestId('reward-row').filter({ hasText: viewerName });
    await until(
      async () => {
        const reread = page.waitForResponse((r) => r.url().includes('earning.watchTimeRewards'));
        await page.getByRole('button', { name: 'Refresh' }).click();
        await reread;
      },
      async () => (await row.count()) > 0,
    );
    expect(await row.first().textContent()).toContain('+7');

    // The viewer's pill rises by itself: the server pushes the reward over /ws.
    await viewer.waitForFunction(
      (was) =>
        Number(document.querySelector('[data-testid="coin-balance"]')?.textContent?.replace(/[^0-9]/g, '')) > was,
      before,
      { polling: 'raf', timeout: 0 },
    );
    expect(((await balance(viewer)) - before) % 7).toBe(0);

    await viewer.goto('/history');
    const reward = viewer.getByTestId('transaction-row').filter({ hasText: 'Watch-time reward' }).first();
    await reward.waitFor();
    expect(await reward.getByTestId('transaction-amount').textContent()).toBe('+7');
    expect(await reward.textContent()).toContain('Watch Reward');

    // Switched off again: the badge says so (and the other tests on this server are left alone).
    await page.bringToFront();
    await page.getByRole('switch', { name: 'Enable watch time rewards' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings updated').first().waitFor();
    await badges.getByText('Disabled').waitFor();
  });

  it('the Streamer.bot tab shows a generated secret once, and that secret converts channel points', async () => {
    const viewerName = uniqueName('pointer');
    const twitchLogin = viewerName.toLowerCase();
    const viewer = await newPage(browser, baseURL);
    await registerViaUi(viewer, viewerName);
    // Channel points pay proven Twitch accounts only.
    await verifyTwitch(viewer, twitchLogin);

    const page = adminPage ?? (await newPage(browser, baseURL));
    if (!adminPage) await loginViaUi(page, admin.username, admin.password);
    await page.goto('/admin/tools');
    await page.getByRole('tab', { name: 'Streamer.bot' }).click();
    const status = page.getByTestId('secret-status');
    await status.getByText('No Secret Set').waitFor();
    const webhookUrl = (await page.getByTestId('webhook-url').textContent()) ?? '';
    expect(webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/streamerbot\/[0-9a-f]{48}$/);
    await page.getByText('10% (100 points = 10 coins)').waitFor();
    expect(await page.getByRole('link', { name: 'Open the Streamer.bot setup guide' }).getAttribute('href')).toBe(
      '/streamerbot-setup.html',
    );

    // No secret yet: the webhook says so rather than accepting anything.
    expect((await redeem(webhookUrl, 'x', { user: twitchLogin, points: 500, redemptionId: 'r0' })).status).toBe(503);

    await page.getByRole('button', { name: 'Generate New Secret' }).click();
    await page.getByText('Secret Regenerated').first().waitFor();
    await status.getByText('Secret Configured').waitFor();
    const value = page.getByTestId('new-secret-value');
    expect(await value.textContent()).toMatch(/^•{64}$/);
    await page.getByRole('button', { name: 'Show secret' }).click();
    const secret = (await value.textContent()) ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Hide secret' }).click();
    expect(await value.textContent()).toMatch(/^•{64}$/);
    await page.getByText('STREAMERBOT_WEBHOOK_SECRET').first().waitFor();

    // The secret works at once: 500 points at 10% are 50 coins, paid once per redemption.
    const before = await balance(viewer);
    const first = await redeem(webhookUrl, secret, {
      user: twitchLogin,
      points: 500,
      rewardTitle: 'Coins',
      redemptionId: 'e2e-1',
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'success', coinsAwarded: 50 });
    const replay = await redeem(webhookUrl, secret, {
      user: twitchLogin,
      points: 500,
      rewardTitle: 'Coins',
      redemptionId: 'e2e-1',
    });
    expect(await replay.json()).toEqual({ status: 'success', coinsAwarded: 50 });
    await viewer.goto('/history');
    await viewer.getByTestId('transaction-row').filter({ hasText: 'Channel points conversion' }).first().waitFor();
    expect(await viewer.getByTestId('transaction-row').filter({ hasText: 'Channel points conversion' }).count()).toBe(
      1,
    );
    expect(await balance(viewer)).toBeGreaterThanOrEqual(before + 50);

    // A second secret needs confirmation and replaces the first at once.
    await page.getByRole('button', { name: 'Generate New Secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the webhook secret?' });
    await dialog.getByRole('button', { name: 'Generate New Secret' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Secret Regenerated').first().waitFor();
    await page.getByRole('button', { name: 'Show secret' }).click();
    await expect.poll(() => value.textContent()).not.toBe(secret);
    expect((await redeem(webhookUrl, secret, { user: twitchLogin, points: 500, redemptionId: 'e2e-2' })).status).toBe(
      401,
    );

    // After a reload the secret is gone for good; only its status remains.
    await page.reload();
    await page.getByRole('tab', { name: 'Streamer.bot' }).click();
    await status.getByText('Secret Configured').waitFor();
    expect(await page.getByTestId('new-secret').count()).toBe(0);
  });
});
