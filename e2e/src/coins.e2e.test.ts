import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { balance, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');

describe('buying coins in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('buys a package with the demo checkout; pill, history and dashboard agree', async () => {
    const page = await newPage(browser, baseURL);
    await registerViaUi(page, uniqueName('buyer'));
    expect(await balance(page)).toBe(0);

    await page.goto('/shop');
    const card = page.getByTestId('coin-package').filter({ has: page.getByText('Fan Pack', { exact: true }) });
    await card.getByRole('button', { name: 'Buy' }).click();
    await expect(page.getByTestId('demo-notice').textContent()).resolves.toContain('Demo payment — no money moves');
    await expect(page.getByText('Credit card: Coming soon').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Pay with demo checkout' }).click();

    // The pill rises by the package's 550 coins and lights up for a second before the page reloads.
    const pill = page.getByTestId('coin-balance');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="coin-balance"]')?.getAttribute('data-highlight') === 'true',
    );
    expect(await balance(page)).toBe(550);
    // viewer-spec section 8, the shop's wording.
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Purchase Successful' });
    await toast.getByText('Coins have been added to your balance!', { exact: true }).waitFor();
    await page.waitForEvent('load');
    await pill.waitFor();
    expect(await balance(page)).toBe(550);
    expect(await pill.getAttribute('data-highlight')).toBe('false');

    await page.goto('/history');
    await page.getByRole('tab', { name: 'Purchases' }).click();
    // Each tab asks the server for its own rows: wait for them to arrive.
    await page.getByTestId('transaction-amount').first().waitFor();
    const amounts = await page.getByTestId('transaction-amount').allTextContents();
    expect(amounts.map((a) => a.trim())).toEqual(['+550']);

    await page.goto('/dashboard');
    await page.getByTestId('stat-balance-value').waitFor();
    expect(await page.getByTestId('stat-balance-value').textContent()).toBe('550');
    expect(await page.getByTestId('stat-purchased-value').textContent()).toBe('550');
    expect(await page.getByTestId('stat-actions-value').textContent()).toBe('0');
    await page.screenshot({ path: 'artifacts/dashboard-after-purchase.png', fullPage: true });
    await page.context().close();
  });

  it('sends a signed-out buyer to /auth', async () => {
    const page = await newPage(browser, baseURL);
    await page.goto('/shop');
    await page.waitForURL('**/auth');
    await page.goto('/');
    await page.getByTestId('coin-package').first().getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL('**/auth');
    await page.context().close();
  });
});
