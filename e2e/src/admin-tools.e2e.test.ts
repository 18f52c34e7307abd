import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { loginViaUi, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');

describe('Admin Tools in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("an admin finds a user and changes their password; the user's old session is gone", async () => {
    const victimName = uniqueName('forgetful');
    const victim = await newPage(browser, baseURL);
    await registerViaUi(victim, victimName, 'old-password-1');

    const page = await newPage(browser, baseURL);
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/admin/tools');
    await page.getByRole('tab', { name: 'SSL Configuration' }).waitFor();
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'Overview',
      'User Management',
      'Streamer.bot',
      'Database Diagnostics',
      'MySQL Connection',
      'SSL Configuration',
    ]);
    await page.getByRole('tab', { name: 'User Management' }).click();

    // An empty search is answered by the spec's message, not a request.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Username is required').waitFor();

    await page.getByLabel('Username').fill(victimName.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Select ${victimName}` }).click();
    const panel = page.getByTestId('selected-user');
    await panel.getByRole('heading', { name: victimName }).waitFor();

    await panel.getByLabel('New password').fill('short');
    await panel.getByRole('button', { name: 'Change Password' }).click();
    await panel.getByText('Password must be at least 6 characters').waitFor();

    await panel.getByLabel('New password').fill('brand-new-pass-2');
    await panel.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed', { exact: true }).waitFor();

    // The victim's next page load finds no session: the login-only dashboard sends them to /auth.
    await victim.goto('/dashboard');
    await victim.waitForURL('**/auth');
    expect(await victim.getByTestId('nav-username').count()).toBe(0);
    await loginViaUi(victim, victimName, 'brand-new-pass-2');
  });

  it('an admin adds coins with a reason and sees the ledger row', async () => {
    const name = uniqueName('lucky');
    const viewer = await newPage(browser, baseURL);
    await registerViaUi(viewer, name);

    const page = await newPage(browser, baseURL);
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/admin/tools');
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByLabel('Username').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Select ${name}` }).click();
    const panel = page.getByTestId('selected-user');
    await panel.getByText('No transactions yet.').waitFor();

    await panel.getByLabel('Amount').fill('-5');
    await panel.getByLabel('Reason').fill('too much');
    await panel.getByRole('button', { name: 'Apply Adjustment' }).click();
    await panel.getByText('The user has only 0 coins').waitFor();

    await panel.getByLabel('Amount').fill('250');
    await panel.getByLabel('Reason').fill('giveaway winner');
    await panel.getByRole('button', { name: 'Apply Adjustment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Coins adjusted').waitFor();
    const row = panel.getByTestId('user-transaction').first();
    await row.getByText('Adjusted by admin: giveaway winner').waitFor();
    expect(await row.textContent()).toContain('Admin Adjustment');
    await panel.getByText(/250 coins/).waitFor();
  });

  it('shows database diagnostics and the SSL check', async () => {
    const page = await newPage(browser, baseURL);
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/admin/tools');
    await page.getByRole('tab', { name: 'Database Diagnostics' }).click();
    const result = page.getByTestId('diagnostics-result');
    await result.getByText('SQLite (embedded)').waitFor();
    await result.getByText('Consistent', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'SSL Configuration' }).click();
    await page.getByText('HTTP · Insecure').waitFor();
    const headers = await page.getByRole('table', { name: 'Request headers' }).textContent();
    expect(headers).not.toContain('session=');
  });
});
