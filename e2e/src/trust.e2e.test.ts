import { type RconStandIn, startRconStandIn } from '@shop/dispatch/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { balance, buyWithDemo, loginViaUi, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');

/** Waits for the balance pill to read `coins`: it updates after the reply that changed it. */
async function untilBalance(page: Page, coins: number): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="coin-balance"]')?.textContent?.replace(/\D/g, '') === expected,
    String(coins),
  );
}

/** What a paying viewer and the streamer must be able to trust, driven as they would in Chromium. */
describe('trust, in Chromium', () => {
  let browser: Browser;
  let rcon: RconStandIn;
  let adminPage: Page;
  const actionName = uniqueName('Anvil ');

  beforeAll(async () => {
    browser = await launchBrowser();
    rcon = await startRconStandIn({ password: 'trust-pass' });
    adminPage = await newPage(browser, baseURL);
    await loginViaUi(adminPage, admin.username, admin.password);
    // Set up over the same API the admin pages call: this suite is about what happens after.
    const call = async (url: string, data: object) => {
      const res = await adminPage.request.post(url, { data, headers: { origin: baseURL } });
      expect(res.status(), await res.text()).toBe(200);
    };
    await call('/api/admin/webhook-endpoints', {
      url: rcon.url,
      secretKey: 'trust-pass',
      description: 'Trust stand-in',
      gameType: 'minecraft',
      active: true,
    });
    await call('/api/admin/stream-actions', {
      name: actionName,
      description: 'Anvils fall',
      webhookAction: 'say anvils for {username}',
      gameType: 'minecraft',
      cost: 25,
    });
  });

  afterAll(async () => {
    await adminPage?.context().close();
    await browser?.close();
    await rcon?.close();
  });

  it('a double click on Confirm charges once and sends one command', async () => {
    const page = await newPage(browser, baseURL);
    const viewer = uniqueName('dbl');
    await registerViaUi(page, viewer);
    await buyWithDemo(page, 'Starter Pack');
    await page.goto('/shop');
    const before = await balance(page);
    const commandsBefore = rcon.commands.length;
    await page
      .getByTestId('action-card')
      .filter({ hasText: actionName })
      .getByRole('button', { name: 'Trigger' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).dblclick();
    await page.getByText('Action Triggered!').waitFor();
    await untilBalance(page, before - 25);
    // The history is the ledger's account of it: exactly one action row.
    await page.goto('/history');
    await page.getByRole('tab', { name: 'Spending' }).click();
    await page.getByText(`Triggered ${actionName}`).waitFor();
    expect(await page.getByText(`Triggered ${actionName}`).count()).toBe(1);
    await expect.poll(() => rcon.commands.length - commandsBefore).toBe(1);
    await page.context().close();
  });

  it('a refund asks first, and the public profile then says Refunded', async () => {
    const page = await newPage(browser, baseURL);
    const viewer = uniqueName('ref');
    await registerViaUi(page, viewer);
    await buyWithDemo(page, 'Starter Pack');
    await page.goto('/shop');
    const bought = await balance(page);
    await page
      .getByTestId('action-card')
      .filter({ hasText: actionName })
      .getByRole('button', { name: 'Trigger' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Action Triggered!').waitFor();
    // The pill catches up after the toast: wait for the charge to show rather than read it at once.
    await untilBalance(page, bought - 25);

    await adminPage.goto('/dashboard');
    await adminPage.getByRole('tab', { name: 'History' }).click();
    const row = adminPage.getByTestId('history-row').filter({ hasText: viewer });
    await row.getByText('Success').waitFor();
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Refund this action?' });
    await dialog.getByText(`25 coins go back to ${viewer}`).waitFor();
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await adminPage.getByText('Action refunded').waitFor();
    await row.getByText('Refunded').waitFor();

    await page.goto('/dashboard');
    await untilBalance(page, bought);
    await page.getByTestId('stat-actions-value').filter({ hasText: /^0$/ }).waitFor();
    const id = await page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { id: number }).id);
    await page.goto(`/profile/${id}`);
    await page.getByTestId('profile-activity').filter({ hasText: actionName }).getByText('Refunded').waitFor();
    await page.context().close();
  });
});
