import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { type OwnServer, startOwnServer } from './own-server';
import { buyWithDemo, loginViaUi, newPage, registerViaUi } from './session';
import { recordToasts, toastTexts } from './toast-recorder';

const ADMIN = { username: 'effectadmin', password: 'effect-admin-pass-1' };

/** Issue 26 in Chromium: a 10 s effect counts down on the overlay and in the viewer's toast, then stops. */
describe('timed effects in Chromium', () => {
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

  it('shows the countdown on the overlay and in the toast, and ends with the stop', async () => {
    const admin = await newPage(browser, server.baseURL);
    await loginViaUi(admin, ADMIN.username, ADMIN.password);
    const headers = { origin: server.baseURL };
    // Only the overlay takes the effect: the demo's game servers are not reachable from here.
    const endpoints = (await (await admin.request.get('/api/admin/webhook-endpoints')).json()) as {
      id: number;
      url: string;
      overlayUrl: string | null;
    }[];
    let overlayUrl = '';
    for (const endpoint of endpoints) {
      if (endpoint.overlayUrl) overlayUrl = endpoint.overlayUrl;
      else {
        const off = await admin.request.patch(`/api/admin/webhook-endpoints/${endpoint.id}`, {
          data: { active: false },
          headers,
        });
        expect(off.ok()).toBe(true);
      }
    }
    expect(overlayUrl).not.toBe('');
    const created = await admin.request.post('/api/admin/stream-actions', {
      data: {
        name: 'Slow Motion',
        description: 'Everything at half speed',
        webhookAction: 'slowmo on',
        stopCommand: 'slowmo off',
        durationSeconds: 10,
        cost: 10,
      },
      headers,
    });
    expect(created.ok(), await created.text()).toBe(true);

    const overlay = await newPage(browser, server.baseURL);
    await overlay.goto(overlayUrl);
    await overlay.locator('[data-connection="connected"]').waitFor();

    const viewer = await newPage(browser, server.baseURL);
    await recordToasts(viewer);
    await registerViaUi(viewer, uniqueName('slowmo'));
    await buyWithDemo(viewer, 'Starter Pack');
    await viewer.waitForEvent('load');
    await viewer.goto('/shop');
    await viewer.getByTestId('live-activity').getByText('Connected', { exact: true }).waitFor();
    const card = viewer.getByTestId('action-card').filter({ has: viewer.getByText('Slow Motion', { exact: true }) });
    await card.getByTestId('trigger-button').click();
    await viewer.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();

    // The overlay counts it down from 0:10 (or 0:09 by the time it is read).
    const countdown = overlay.getByTestId('overlay-countdown').filter({ hasText: 'Slow Motion' });
    await countdown.getByText(/^0:(10|0\d)$/).waitFor();
    // The toast counts down too, second by second.
    await expect
      .poll(async () => (await toastTexts(viewer)).filter((t) => /Running: \d+ s left/.test(t)).length)
      .toBeGreaterThan(1);
    // At the end the stop goes out: the overlay's countdown goes, the toast says it was delivered.
    await countdown.waitFor({ state: 'detached', timeout: 30_000 });
    await expect
      .poll(async () => (await toastTexts(viewer)).some((t) => t.includes('Delivered')), { timeout: 30_000 })
      .toBe(true);
    await viewer.context().close();
    await overlay.context().close();
    await admin.context().close();
  }, 90_000);
});
