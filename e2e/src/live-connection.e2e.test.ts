import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { type OwnServer, startOwnServer } from './own-server';
import { newPage, registerViaUi } from './session';
import { recordToasts, toastTexts } from './toast-recorder';

/**
 * Issue 28, point 1: the Live Activity panel's connection test, on a server of this file's own that
 * the test stops and starts. This build names no fallback endpoints, so it tests the shop's /ws.
 */
describe('the Live Activity connection test, in Chromium', () => {
  let browser: Browser;
  let server: OwnServer;
  beforeAll(async () => {
    server = await startOwnServer({ SEED_DEMO_DATA: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says what it found, with the server up and down, and brings the feed back', async () => {
    const page = await newPage(browser, server.baseURL);
    await recordToasts(page);
    await registerViaUi(page, uniqueName('conn'));
    await page.goto('/shop');
    const panel = page.getByTestId('live-activity');
    await panel.getByText('Connected', { exact: true }).waitFor();

    const button = panel.getByRole('button', { name: 'Test Connection' });
    const report = panel.getByTestId('connection-report');
    await button.click();
    await report.getByText('The live connection works.', { exact: true }).waitFor();
    await report.getByText(/^This shop \(\/ws\): connected in \d+ ms$/).waitFor();

    // The server goes away: the panel says so, and the test finds nothing answering.
    await server.kill();
    await panel.getByText('Disconnected', { exact: true }).waitFor();
    await button.click();
    await report.getByText('The live connection could not be made.', { exact: true }).waitFor();
    await report.getByText('This shop (/ws): could not connect', { exact: true }).waitFor();

    // Back up: the test finds it again and the feed returns.
    await server.start();
    await button.click();
    await report.getByText('The live connection works.', { exact: true }).waitFor();
    await panel.getByText('Connected', { exact: true }).waitFor();
    // Said once the feed is back, whether the test or the automatic retry got there first.
    await expect
      .poll(async () => (await toastTexts(page)).some((t) => t.startsWith('Real-time connection established')))
      .toBe(true);
    await page.context().close();
  }, 120_000);

  it("opens one socket for a signed-in viewer's page load, so no event falls between two", async () => {
    const page = await newPage(browser, server.baseURL);
    await registerViaUi(page, uniqueName('one'));
    const opened: string[] = [];
    page.on('websocket', (socket) => opened.push(socket.url()));
    await page.goto('/shop');
    const panel = page.getByTestId('live-activity');
    await panel.getByText('Connected', { exact: true }).waitFor();
    // The balance pill means the session check answered: a socket replaced because of it would be open by now.
    await page.getByTestId('coin-balance').waitFor();
    await panel.getByText('Connected', { exact: true }).waitFor();
    expect(opened.filter((url) => new URL(url).pathname === '/ws')).toHaveLength(1);
    await page.context().close();
  });
});
