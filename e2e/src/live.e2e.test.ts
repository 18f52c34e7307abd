import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { type OwnServer, startOwnServer } from './own-server';
import { balance, buyWithDemo, loginViaUi, newPage } from './session';

const ADMIN = { username: 'liveadmin', password: 'live-admin-pass-1' };

/**
 * Issue 11 as a viewer and a streamer see it, on a server of this file's own: the test restarts it,
 * and gives it a short delivery timeout (and short retries, where the server reads them) so a trigger
 * with no overlay open reaches its refund within the test.
 */
describe('live on stream, in Chromium', () => {
  let browser: Browser;
  let server: OwnServer;
  beforeAll(async () => {
    server = await startOwnServer({
      SEED_DEMO_DATA: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DELIVERY_TIMEOUT_MS: '1500',
      DELIVERY_RETRY_DELAYS_MS: '300,300,300',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The one toast showing (one at a time), once its text matches. */
  const toast = (page: Page, text: string | RegExp) =>
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

  async function trigger(page: Page, actionName: string): Promise<void> {
    const card = page.getByTestId('action-card').filter({ has: page.getByText(actionName, { exact: true }) });
    await card.getByTestId('trigger-button').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  }

  it('delivers to the overlay, refunds with none open, counts a cooldown down, and the feed survives a restart', async () => {
    // The streamer: the demo's overlay endpoint shows its secret URL; a 60 s cooldown on Air Horn.
    const adminPage = await newPage(browser, server.baseURL);
    await loginViaUi(adminPage, ADMIN.username, ADMIN.password);
    await adminPage.goto('/dashboard');
    await adminPage.getByRole('tab', { name: 'Webhooks' }).click();
    const overlayCard = adminPage.getByTestId('webhook-card').filter({ hasText: 'overlay://stream' });
    const overlayUrl = await overlayCard.getByLabel('Overlay URL').inputValue();
    expect(overlayUrl).toMatch(new RegExp(`^${server.baseURL}/overlay/[A-Za-z0-9_-]{16,}$`));
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await overlayCard.screenshot({ path: 'artifacts/live-webhook-overlay-card.png' });

    await adminPage.getByRole('tab', { name: 'Universal' }).click();
    const airHornAdmin = adminPage.getByTestId('admin-action-card').filter({ hasText: 'Air Horn' });
    await airHornAdmin.getByRole('button', { name: 'Edit' }).click();
    await adminPage.getByLabel('Cooldown (seconds)', { exact: true }).fill('60');
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await adminPage.getByText('Action updated').waitFor();

    // The overlay page, as OBS would open it: no app chrome, transparent.
    const overlay = await newPage(browser, server.baseURL);
    await overlay.goto(overlayUrl);
    await overlay.locator('[data-connection="connected"]').waitFor();
    expect(await overlay.getByRole('banner').count()).toBe(0);
    const background = await overlay.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');

    // A viewer buys coins and triggers Air Horn: the toast follows it to 'Delivered', the overlay shows it.
    const viewer = uniqueName('live');
    const page = await newPage(browser, server.baseURL);
    // Sent away from the shop to sign up, the viewer comes back to the shop afterwards.
    await page.goto('/shop');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(viewer);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/shop');
    await buyWithDemo(page, 'Fan Pack');
    await page.goto('/shop');
    await page.getByTestId('live-activity').getByText('Connected').waitFor();
    await page.getByRole('tab', { name: 'Universal' }).click();
    await until(async () => (await balance(page)) === 550, 'the Fan Pack coins');
    await trigger(page, 'Air Horn');
    await toast(page, 'Delivered to the game').waitFor();
    const alert = overlay.getByTestId('overlay-alert');
    await alert.filter({ hasText: 'Air Horn' }).waitFor();
    expect(await alert.textContent()).toContain(viewer);
    await overlay.screenshot({ path: 'artifacts/live-overlay-alert.png' });
    expect(await balance(page)).toBe(530);

    // The cooldown: the card is off and counts down.
    const airHorn = page.getByTestId('action-card').filter({ has: page.getByText('Air Horn', { exact: true }) });
    const button = airHorn.getByTestId('trigger-button');
    await button.filter({ hasText: /Available in \d+s/ }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    const first = await button.textContent();
    await until(async () => (await button.textContent()) !== first, 'the countdown to tick');
    await page.screenshot({ path: 'artifacts/live-shop-cooldown.png', fullPage: true });

    // No overlay open: the delivery fails, is retried, and the coins come back with a toast that says so.
    await overlay.close();
    await trigger(page, 'Shout Out');
    await toast(page, 'Action Triggered!').waitFor();
    await until(async () => (await balance(page)) === 520, 'the charge of Shout Out');
    await toast(page, /Refunded: 10 coins are back in your balance/).waitFor({ timeout: 120_000 });
    await until(async () => (await balance(page)) === 530, 'the pill to go back up');

    // The streamer pauses the shop: the open shop says so and turns its buttons off at once (/ws).
    const pauseSwitch = adminPage.getByTestId('shop-status-card').getByRole('switch', { name: /Pause shop/ });
    await pauseSwitch.click({ force: true });
    await page.getByTestId('paused-banner').getByText('Actions are paused by the streamer right now.').waitFor();
    const shoutOut = page.getByTestId('action-card').filter({ has: page.getByText('Shout Out', { exact: true }) });
    await shoutOut.getByTestId('trigger-button').filter({ hasText: 'Paused' }).waitFor();
    expect(await shoutOut.getByTestId('trigger-button').isDisabled()).toBe(true);
    await pauseSwitch.click({ force: true });
    await page.getByTestId('paused-banner').waitFor({ state: 'detached' });
    await shoutOut.getByTestId('trigger-button').filter({ hasText: 'Trigger' }).waitFor();

    // A reload still shows what happened before it (the server's backlog).
    await page.reload();
    const panel = page.getByTestId('live-activity');
    await panel.getByText('Connected').waitFor();
    await panel.getByTestId('activity-item').filter({ hasText: 'Air Horn' }).first().waitFor();
    await panel.getByTestId('activity-item').filter({ hasText: 'Shout Out' }).first().waitFor();

    // The server restarts: the panel notices, and reconnects by itself.
    await server.restart();
    await panel.getByText('Connected').waitFor({ timeout: 30_000 });
    await toast(page, 'Real-time connection established').waitFor({ timeout: 30_000 });
    await panel.getByTestId('activity-item').filter({ hasText: 'Air Horn' }).first().waitFor();
  }, 240_000);
});

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
