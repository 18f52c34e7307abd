import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { type OwnServer, startOwnServer } from './own-server';
import { buyWithDemo, loginViaUi, newPage, registerViaUi } from './session';

const ADMIN = { username: 'poolsadmin', password: 'pools-admin-pass-1' };

/** Issue 27 in Chromium: two viewers fill a crowd goal from two browsers while the overlay's bar fills. */
describe('crowd goals in Chromium', () => {
  let browser: Browser;
  let server: OwnServer;
  let target: Server;
  const got: string[] = [];
  beforeAll(async () => {
    server = await startOwnServer({
      SEED_DEMO_DATA: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    target = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += String(chunk);
      });
      req.on('end', () => {
        got.push((JSON.parse(body) as { action: { name: string } }).action.name);
        res.end('ok');
      });
    });
    await new Promise<void>((ok) => target.listen(0, '127.0.0.1', ok));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    target?.closeAllConnections();
    await new Promise((r) => target?.close(r));
    await server?.stop();
  });

  async function chipIn(page: Page, coins: number): Promise<void> {
    const goal = page.getByTestId('crowd-goal').filter({ hasText: 'Meteor Shower' });
    await goal.getByRole('button', { name: 'Chip in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Coins').fill(String(coins));
    await dialog.getByRole('button', { name: 'Chip in' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('fills the bar from two browsers and fires the action once', async () => {
    const admin = await newPage(browser, server.baseURL);
    await loginViaUi(admin, ADMIN.username, ADMIN.password);
    const headers = { origin: server.baseURL };
    const endpoints = (await (await admin.request.get('/api/admin/webhook-endpoints')).json()) as {
      id: number;
      overlayUrl: string | null;
    }[];
    const overlayUrl = endpoints.find((e) => e.overlayUrl)?.overlayUrl ?? '';
    for (const endpoint of endpoints) {
      await admin.request.patch(`/api/admin/webhook-endpoints/${endpoint.id}`, { data: { active: false }, headers });
    }
    await admin.request.post('/api/admin/webhook-endpoints', {
      data: {
        url: `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`,
        secretKey: 'e2e-secret-123',
        description: 'The game',
        gameType: 'other',
        active: true,
      },
      headers,
    });
    const created = await admin.request.post('/api/admin/stream-actions', {
      data: { name: 'Meteor Shower', description: 'Together', webhookAction: 'meteors', cost: 10, poolGoal: 150 },
      headers,
    });
    expect(created.ok(), await created.text()).toBe(true);
    // The overlay URL still works with its endpoint switched off: the page shows the crowd goals.
    await admin.request.patch(`/api/admin/webhook-endpoints/${endpoints.find((e) => e.overlayUrl)?.id}`, {
      data: { active: true },
      headers,
    });

    const overlay = await newPage(browser, server.baseURL);
    await overlay.goto(overlayUrl);
    await overlay.locator('[data-connection="connected"]').waitFor();

    const viewers: Page[] = [];
    for (const prefix of ['first', 'second']) {
      const page = await newPage(browser, server.baseURL);
      await registerViaUi(page, uniqueName(prefix));
      await buyWithDemo(page, 'Starter Pack');
      await page.waitForEvent('load');
      viewers.push(page);
    }
    const [first, second] = viewers as [Page, Page];
    await first.goto('/shop');
    await second.goto('/shop');
    // Nobody has chipped in yet: the goal is offered with an empty bar.
    await first.getByTestId('crowd-goal').filter({ hasText: 'Meteor Shower' }).waitFor();
    await chipIn(first, 80);
    const figures = overlay.getByTestId('overlay-pool-figures');
    await figures.getByText('80 / 150 coins · 1 viewer').waitFor();
    // The second browser's bar moved without a reload; its chip-in completes the goal.
    await second.getByTestId('crowd-goal').filter({ hasText: '80' }).waitFor();
    await chipIn(second, 70);
    await expect.poll(() => got.filter((name) => name === 'Meteor Shower').length).toBe(1);
    await overlay.getByTestId('overlay-pool').waitFor({ state: 'detached' });
    for (const page of [...viewers, overlay, admin]) await page.context().close();
  }, 120_000);
});
