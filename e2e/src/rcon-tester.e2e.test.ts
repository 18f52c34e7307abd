import { type RconStandIn, startRconStandIn, startWebRconStandIn, type WebRconStandIn } from '@shop/dispatch/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { loginViaUi, newPage } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');
const PASSWORD = 'e2e-tester-pass';

async function fillTester(
  panel: Locator,
  fields: { host: string; port: number | string; password: string; command?: string },
): Promise<void> {
  await panel.getByLabel(/^Host/).fill(fields.host);
  await panel.getByLabel(/^Port/).fill(String(fields.port));
  await panel.getByLabel(/^Password/).fill(fields.password);
  if (fields.command !== undefined) await panel.getByLabel(/^Command/).fill(fields.command);
}

function panelOf(page: Page, tab: 'Rust WebRcon' | 'Minecraft RCON'): Locator {
  return page.getByRole('tabpanel', { name: tab });
}

describe('the RCON tester, in Chromium', () => {
  let browser: Browser;
  let rcon: RconStandIn;
  let webRcon: WebRconStandIn;
  beforeAll(async () => {
    browser = await launchBrowser();
    rcon = await startRconStandIn({ password: PASSWORD });
    webRcon = await startWebRconStandIn({ password: PASSWORD });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([rcon?.close(), webRcon?.close()]);
  });

  it('reports success against the Rust and Minecraft stand-ins for an admin', async () => {
    const page = await newPage(browser, baseURL);
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/test-rcon');

    const rust = panelOf(page, 'Rust WebRcon');
    // admin-spec section 9: the default ports and 'URL encode password' on.
    expect(await rust.getByLabel(/^Port/).inputValue()).toBe('28016');
    expect(await rust.getByLabel('URL encode password').isChecked()).toBe(true);
    await fillTester(rust, { host: '127.0.0.1', port: webRcon.port, password: PASSWORD });
    // A common command fills the command field.
    await rust.getByRole('button', { name: 'Use command serverinfo' }).click();
    expect(await rust.getByLabel(/^Command/).inputValue()).toBe('serverinfo');
    await rust.getByRole('button', { name: 'Send Command' }).click();
    await rust.getByText('Connection Successful').waitFor();
    expect(await rust.getByTestId('rcon-response').textContent()).toBe('Executed: serverinfo');
    expect(webRcon.commands).toContain('serverinfo');

    await page.getByRole('tab', { name: 'Minecraft RCON' }).click();
    const minecraft = panelOf(page, 'Minecraft RCON');
    expect(await minecraft.getByLabel(/^Port/).inputValue()).toBe('25575');
    await fillTester(minecraft, { host: '127.0.0.1', port: rcon.port, password: PASSWORD, command: 'list' });
    await minecraft.getByRole('button', { name: 'Send Command' }).click();
    await minecraft.getByText('Connection Successful').waitFor();
    expect(await minecraft.getByTestId('rcon-response').textContent()).toBe('Executed: list');

    // A wrong password is a test result, shown as Failed with the reason.
    await minecraft.getByLabel(/^Password/).fill('wrong-password');
    await minecraft.getByRole('button', { name: 'Send Command' }).click();
    await minecraft.getByText('RCON authentication failed').waitFor();
    expect(await minecraft.getByTestId('rcon-result').textContent()).toContain('Failed');
  });

  it('refuses a loopback address for a visitor with a Connection Error, and checks the port in the form', async () => {
    const page = await newPage(browser, baseURL);
    await page.goto('/test-rcon');
    const rust = panelOf(page, 'Rust WebRcon');
    await fillTester(rust, { host: '127.0.0.1', port: webRcon.port, password: PASSWORD, command: 'status' });
    await rust.getByRole('button', { name: 'Send Command' }).click();
    await rust.getByText('Connection Error').waitFor();
    expect(await rust.getByRole('alert').textContent()).toContain('127.0.0.1 is a loopback address');
    expect(webRcon.commands).not.toContain('status');

    await rust.getByLabel(/^Port/).fill('');
    await rust.getByRole('button', { name: 'Send Command' }).click();
    await rust.getByText('Port is required').waitFor();
  });
});
