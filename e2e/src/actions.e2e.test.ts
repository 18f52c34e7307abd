import { type RconStandIn, startRconStandIn } from '@shop/dispatch/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { addEndpointViaUi, balance, buyWithDemo, loginViaUi, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('from the admin page to the game, in Chromium', () => {
  let browser: Browser;
  let rcon: RconStandIn;
  beforeAll(async () => {
    browser = await launchBrowser();
    rcon = await startRconStandIn({ password: 'e2e-rcon-pass' });
  });
  afterAll(async () => {
    await browser?.close();
    await rcon?.close();
  });

  it('an admin sets up RCON and an action; a viewer pays for it and the game server gets it', async () => {
    const actionName = uniqueName('Creeper ');
    const adminPage = await newPage(browser, baseURL);
    await loginViaUi(adminPage, admin.username, admin.password);
    await adminPage.goto('/dashboard');

    await addEndpointViaUi(adminPage, {
      url: rcon.url,
      secret: 'e2e-rcon-pass',
      description: 'Minecraft server (stand-in)',
      gameType: 'Minecraft',
    });
    const card = adminPage.getByTestId('webhook-card').filter({ hasText: 'Minecraft server (stand-in)' });
    await card.getByPlaceholder('Test command (e.g. give_wood)').fill('list');
    await card.getByRole('button', { name: 'Test', exact: true }).click();
    await card.getByText('Executed: list').waitFor();

    await adminPage.getByRole('tab', { name: 'Minecraft' }).click();
    await adminPage.getByRole('button', { name: 'Create Action' }).click();
    await adminPage.getByLabel('Name').fill(actionName);
    await adminPage.getByLabel('Description').fill('A creeper sneaks up on the streamer');
    await adminPage.getByLabel('Cost').fill('120');
    await adminPage.getByLabel('Webhook Action').fill('execute as {username} run summon creeper');
    await adminPage.getByRole('button', { name: 'Save Action' }).click();
    await adminPage.getByText('Action created').waitFor();
    await adminPage.screenshot({ path: 'artifacts/admin-minecraft-tab.png', fullPage: true });

    const viewer = uniqueName('fan');
    const page = await newPage(browser, baseURL);
    await registerViaUi(page, viewer);
    await buyWithDemo(page, 'Fan Pack');
    await page.waitForEvent('load');
    await page.goto('/shop');
    await page.getByTestId('live-activity').getByText('Connected', { exact: true }).waitFor();
    const action = page.getByTestId('action-card').filter({ hasText: actionName });
    await action.getByRole('button', { name: 'Trigger' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Action Triggered!').waitFor();

    await until(() => rcon.commands.includes(`execute as ${viewer} run summon creeper`), 'the RCON command');
    await until(async () => (await balance(page)) === 550 - 120, 'the balance to drop');
    await page
      .getByTestId('live-activity')
      .getByTestId('activity-item')
      .filter({ hasText: actionName })
      .first()
      .waitFor();
    await page.screenshot({ path: 'artifacts/shop-after-trigger.png', fullPage: true });

    await page.goto('/leaderboard');
    const row = page.getByTestId('leaderboard-row').filter({ hasText: viewer });
    await row.waitFor();
    expect(await row.textContent()).toContain('120');
    await row.getByRole('link', { name: 'View' }).click();
    await page.getByTestId('profile-activity').filter({ hasText: actionName }).waitFor();
    await until(
      async () => /Success/.test((await page.getByTestId('profile-activity').first().textContent()) ?? ''),
      'Success',
    );
    await page.context().close();
    await adminPage.context().close();
  });
});
