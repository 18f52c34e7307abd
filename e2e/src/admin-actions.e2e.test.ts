import { type RconStandIn, startRconStandIn } from '@shop/dispatch/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { addEndpointViaUi, buyWithDemo, loginViaUi, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** True when the element's content is wider than its box (a clipped or scrolled-away label). */
const overflows = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);

describe('universal actions and the admin history, in Chromium', () => {
  let browser: Browser;
  let rcon: RconStandIn;
  beforeAll(async () => {
    browser = await launchBrowser();
    rcon = await startRconStandIn({ password: 'e2e-universal-pass' });
  });
  afterAll(async () => {
    await browser?.close();
    await rcon?.close();
  });

  it('an admin creates a universal action, it reaches the RCON server, and the history shows its delivery', async () => {
    const actionName = uniqueName('Confetti ');
    const adminPage = await newPage(browser, baseURL);
    await loginViaUi(adminPage, admin.username, admin.password);
    await adminPage.goto('/dashboard');

    await addEndpointViaUi(adminPage, {
      url: rcon.url,
      secret: 'e2e-universal-pass',
      description: 'Universal stand-in',
      gameType: 'Minecraft',
    });

    await adminPage.getByRole('tab', { name: 'Universal' }).click();
    await adminPage.getByRole('button', { name: 'Create Action' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Create New Action' });
    expect(await dialog.getByRole('combobox', { name: 'Game Type' }).inputValue()).toBe('Universal (any game)');
    await dialog.getByLabel('Name').fill(actionName);
    await dialog.getByLabel('Description').fill('Confetti on every screen');
    await dialog.getByLabel('Cost').fill('40');
    await dialog.getByTestId('placeholder-help').getByText('{displayName}').waitFor();
    // The preview names the stand-in by transport, host and port (never the password).
    const { host } = new URL(rcon.url);
    await dialog.getByTestId('delivery-preview').getByText(`Minecraft server at ${host}`).first().waitFor();

    await dialog.getByLabel('Webhook Action').fill('say {target} wins');
    await dialog.getByRole('button', { name: 'Save Action' }).click();
    await dialog.getByText('{target} can only be used in an individual Rust action').waitFor();
    await dialog.getByLabel('Webhook Action').fill('say {username} threw confetti');
    await dialog.getByRole('button', { name: 'Save Action' }).click();
    await adminPage.getByText('Action created').waitFor();
    await adminPage.getByTestId('admin-action-card').filter({ hasText: actionName }).waitFor();

    const viewer = uniqueName('party');
    const page = await newPage(browser, baseURL);
    await registerViaUi(page, viewer);
    await buyWithDemo(page, 'Fan Pack');
    await page.waitForEvent('load');
    await page.goto('/shop');
    const card = page.getByTestId('action-card').filter({ hasText: actionName });
    await card.getByRole('button', { name: 'Trigger' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Action Triggered!').waitFor();
    await until(() => rcon.commands.includes(`say ${viewer} threw confetti`), 'the RCON command');
    await page.context().close();

    await adminPage.getByRole('tab', { name: 'History' }).click();
    await adminPage.getByLabel('Action', { exact: true }).fill(actionName);
    const row = adminPage.getByTestId('history-row').filter({ hasText: actionName });
    await row.getByRole('link', { name: viewer }).waitFor();
    // The panel keeps refreshing while the trigger is Pending, so it turns Success on its own.
    await row.getByTestId('history-status').getByText('Success').waitFor();
    await row.locator('td').nth(2).click();
    const detail = adminPage.getByRole('dialog', { name: 'Delivery detail' });
    const delivery = detail.getByTestId('delivery-detail').filter({ hasText: 'Universal stand-in' });
    await delivery.getByText(`Minecraft server at ${host}`).waitFor();
    await delivery.getByTestId('delivery-status').getByText('Delivered').waitFor();
    await delivery.getByText('1 of 4').waitFor();
    expect(await detail.textContent()).not.toContain('e2e-universal-pass');
    await adminPage.screenshot({ path: 'artifacts/admin-history-detail.png', fullPage: true });
    await adminPage.context().close();
  });

  it('the admin navigation and dashboard tabs fit at 1024 px and on a phone', async () => {
    const page = await newPage(browser, baseURL);
    await loginViaUi(page, admin.username, admin.password);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('menuitem', { name: 'Manage Categories' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await overflows(page, 'nav[aria-label="Main"]')).toBe(false);
    await page.screenshot({ path: 'artifacts/admin-dashboard-1024.png' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Watch Time Rewards' }).waitFor();
    await page.screenshot({ path: 'artifacts/admin-menu-390.png' });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    // The tab row scrolls sideways on a phone instead of clipping: the last tab can be reached.
    const lastTab = page.getByRole('tab').last();
    await lastTab.scrollIntoViewIfNeeded();
    await lastTab.click();
    await page.screenshot({ path: 'artifacts/admin-dashboard-390.png' });
    await page.context().close();
  });
});
