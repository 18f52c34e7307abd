import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { buyWithDemo, loginViaUi, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');

const totalOf = async (page: Page, key: string) =>
  Number(((await page.getByTestId(`overview-total-${key}`).textContent()) ?? '').replace(/[^0-9]/g, ''));

describe('the streamer overview and the API reference, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("shows a viewer's purchase in the admin overview's totals and charts", async () => {
    const adminPage = await newPage(browser, baseURL);
    await loginViaUi(adminPage, admin.username, admin.password);
    await adminPage.goto('/admin/tools');
    const overview = adminPage.getByTestId('streamer-overview');
    await overview.getByText('Last 30 days · days are UTC').waitFor();

    // Other suites share this server: compare before and after rather than absolute numbers.
    await overview
      .getByTestId('overview-total-coins-sold')
      .or(overview.getByText('No activity in the last 30 days'))
      .first()
      .waitFor();
    const hadActivity = await overview.getByTestId('overview-total-coins-sold').isVisible();
    const coinsBefore = hadActivity ? await totalOf(adminPage, 'coins-sold') : 0;
    const moneyBefore = hadActivity ? await totalOf(adminPage, 'money-taken') : 0;

    const viewer = await newPage(browser, baseURL);
    await registerViaUi(viewer, uniqueName('fan'));
    await buyWithDemo(viewer, 'Fan Pack');

    await adminPage.getByRole('button', { name: 'Refresh the overview' }).click();
    await adminPage.waitForFunction((before) => {
      const text = document.querySelector('[data-testid="overview-total-coins-sold"]')?.textContent ?? '';
      return Number(text.replace(/[^0-9]/g, '')) === before + 550;
    }, coinsBefore);
    expect(await totalOf(adminPage, 'money-taken')).toBe(moneyBefore + 499);
    await overview.getByText('Coins bought per day', { exact: false }).waitFor();
    expect(await overview.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);

    await overview.getByText('7 days', { exact: true }).click();
    await overview.getByText('Last 7 days · days are UTC').waitFor();
    expect(await totalOf(adminPage, 'coins-sold')).toBeGreaterThanOrEqual(550);
  });

  it('refuses the overview to a viewer', async () => {
    const page = await newPage(browser, baseURL);
    await registerViaUi(page, uniqueName('nosy'));
    const res = await page.request.get('/api/admin/overview');
    expect(res.status()).toBe(403);
  });

  it('serves the API reference as a readable page that loads nothing from elsewhere', async () => {
    const page = await newPage(browser, baseURL);
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL)) problems.push(`outside request: ${req.url()}`);
    });
    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: /Stream shop API/ }).waitFor();
    await page.getByText('/api/admin/overview').first().waitFor();
    await page.getByText('/api/trigger-action').first().waitFor();
    const json = await page.request.get('/api/openapi.json');
    expect((await json.json()).openapi).toBe('3.1.0');
    expect(problems).toEqual([]);
  });
});
