import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { registerViaUi } from './session';

const baseURL = inject('baseURL');

describe('accounts in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL });
    return context.newPage();
  }

  async function openRegister(page: Page) {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
  }

  it('shows "Passwords do not match" under the confirmation', async () => {
    const page = await newPage();
    await openRegister(page);
    await page.getByLabel('Username').fill(uniqueName('mismatch'));
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret124');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match').isVisible()).resolves.toBe(true);
    expect(page.url()).toContain('/auth');
    await page.context().close();
  });

  it('registers, shows the name and a 0 balance, logs out, logs in, and keeps the session on reload', async () => {
    const page = await newPage();
    const username = uniqueName('viewer');
    await openRegister(page);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByTestId('nav-username').waitFor();
    expect(await page.getByTestId('nav-username').textContent()).toContain(username);
    expect((await page.getByTestId('coin-balance').textContent())?.trim()).toMatch(/^0\b/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(await page.getByTestId('coin-balance').count()).toBe(0);

    await page.goto('/auth');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByTestId('nav-username').waitFor();

    await page.reload();
    await page.getByTestId('nav-username').waitFor();
    expect(await page.getByTestId('nav-username').textContent()).toContain(username);
    await page.context().close();
  });

  it('refuses a wrong password with the Login failed toast', async () => {
    const page = await newPage();
    await page.goto('/auth');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Login failed').waitFor();
    await expect(page.getByText('401: Invalid username or password').isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('sends a visitor from a login-only page to /auth', async () => {
    const page = await newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/auth');
    await page.context().close();
  });

  it('sends a visitor whose session cookie no longer holds a session from /shop to /auth', async () => {
    const page = await newPage();
    // The cookie alone gets the shop drawn at once (index.session.html); the session check decides.
    await page.context().addCookies([{ name: 'session', value: 'expired-or-never-issued', url: baseURL }]);
    await page.goto('/shop');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.context().close();
  });

  it('draws /shop for a returning viewer straight from the page, and the app takes over that markup', async () => {
    const page = await newPage();
    await registerViaUi(page, uniqueName('back'));
    // Keeps the heading the browser drew from the HTML, before any script of the app has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstHeading: Element | null }).firstHeading =
          document.getElementById('get-coins-title');
      });
    });
    await page.goto('/shop');
    await page.getByTestId('coin-package').first().waitFor();
    await page.getByRole('link', { name: 'View History' }).waitFor();
    const adopted = await page.evaluate(() => {
      const first = (window as unknown as { firstHeading: Element | null }).firstHeading;
      return first !== null && first === document.getElementById('get-coins-title');
    });
    // Not thrown away and drawn again (which flashes, and shifts what the viewer is reading).
    expect(adopted).toBe(true);
    await page.context().close();
  });

  it("says so when React's renderer cannot be downloaded, instead of a page that answers nothing", async () => {
    const page = await newPage();
    // The entry imports the renderer on its own (apps/web/src/main.tsx); the build's manifest names
    // its chunk.
    const manifest = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url)), 'utf8'),
    ) as Record<string, { file: string }>;
    const renderer = Object.entries(manifest).find(([source]) => source.endsWith('/react-dom/client.js'))?.[1].file;
    expect(renderer).toBeDefined();
    await page.route(`**/${renderer}`, (route) => route.abort());
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('alert').filter({ hasText: 'The shop could not load' }).waitFor();
    await expect(page.getByText('Check your connection and reload the page.').isVisible()).resolves.toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows the 404 screen for an unknown path', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('keeps the theme choice across a reload', async () => {
    const page = await newPage();
    await page.goto('/');
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    expect(await scheme()).toBe('dark');
    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    expect(await scheme()).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Toggle color scheme' }).waitFor();
    expect(await scheme()).toBe('light');
    await page.context().close();
  });

  it('gives the header its shadow once the page is scrolled past 10 px, and takes it away at the top', async () => {
    const page = await newPage();
    await page.goto('/');
    const header = page.locator('header');
    // The prerendered page is inert until the app has adopted it, and the router puts the page back
    // at the top then: scroll only afterwards.
    await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    await header.and(page.locator('[data-scrolled="false"]')).waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await header.and(page.locator('[data-scrolled="true"]')).waitFor();
    await page.evaluate(() => window.scrollTo(0, 5));
    await header.and(page.locator('[data-scrolled="false"]')).waitFor();
    await page.context().close();
  });
});
