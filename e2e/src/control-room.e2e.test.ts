import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { type OwnServer, startOwnServer } from './own-server';
import { balance, buyWithDemo, loginViaUi, newPage, registerViaUi } from './session';
import { recordToasts, toastTexts } from './toast-recorder';

const ADMIN = { username: 'queueadmin', password: 'queue-admin-pass-1' };

/** Issue 25 in Chromium: a trigger that waits for approval, the admin's live queue, and a rejection. */
describe('the control room in Chromium', () => {
  let browser: Browser;
  let server: OwnServer;
  let target: Server;
  beforeAll(async () => {
    server = await startOwnServer({
      SEED_DEMO_DATA: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    target = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((ok) => target.listen(0, '127.0.0.1', ok));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    target?.closeAllConnections();
    await new Promise((r) => target?.close(r));
    await server?.stop();
  });

  it("shows a viewer's trigger in the admin's queue without a reload; a rejection refunds and says so", async () => {
    const admin = await newPage(browser, server.baseURL);
    await recordToasts(admin);
    await loginViaUi(admin, ADMIN.username, ADMIN.password);
    const headers = { origin: server.baseURL };
    const endpoint = await admin.request.post('/api/admin/webhook-endpoints', {
      data: {
        url: `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`,
        secretKey: 'e2e-secret-123',
        description: 'A target that answers',
        gameType: 'other',
        active: true,
      },
      headers,
    });
    expect(endpoint.ok()).toBe(true);
    const created = await admin.request.post('/api/admin/stream-actions', {
      data: {
        name: 'Summon the Wither',
        description: 'Only with the streamer’s blessing',
        webhookAction: 'summon wither',
        cost: 40,
        requiresApproval: true,
        approvalTimeoutSeconds: 600,
      },
      headers,
    });
    expect(created.ok()).toBe(true);

    await admin.goto('/admin/queue');
    await admin.getByText('Nothing waiting', { exact: false }).waitFor();

    const viewer = await newPage(browser, server.baseURL);
    await recordToasts(viewer);
    const name = uniqueName('waiter');
    await registerViaUi(viewer, name);
    await buyWithDemo(viewer, 'Starter Pack');
    await viewer.waitForEvent('load');
    await viewer.goto('/shop');
    await viewer.getByTestId('live-activity').getByText('Connected', { exact: true }).waitFor();
    const before = await balance(viewer);
    const card = viewer
      .getByTestId('action-card')
      .filter({ has: viewer.getByText('Summon the Wither', { exact: true }) });
    await card.getByTestId('trigger-button').click();
    await viewer.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(async () => (await toastTexts(viewer)).some((t) => t.includes("Waiting for the streamer's approval")))
      .toBe(true);
    await expect.poll(() => balance(viewer)).toBe(before - 40);

    // The admin's open page lists it as it happens.
    const row = admin.getByTestId('queue-item').filter({ hasText: 'Summon the Wither' });
    await row.getByText(name).waitFor();
    await row.getByText('Awaiting approval', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Reject Summon the Wither for ${name}` }).click();
    await row.waitFor({ state: 'detached' });

    await expect
      .poll(async () =>
        (await toastTexts(viewer)).some((t) => t.includes('Rejected: 40 coins are back in your balance')),
      )
      .toBe(true);
    await expect.poll(() => balance(viewer)).toBe(before);
    expect(await toastTexts(admin)).not.toContainEqual(expect.stringMatching(/Could not/));

    // /history calls it what it was.
    await viewer.goto('/history');
    await viewer.getByText('Rejected (refunded)', { exact: false }).first().waitFor();
    await viewer.context().close();
    await admin.context().close();
  });
});
