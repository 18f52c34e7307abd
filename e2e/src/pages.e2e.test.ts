import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { loginViaUi, newPage, registerViaUi } from './session';
import { failProcedure } from './trpc-faults';

const baseURL = inject('baseURL');
const admin = inject('admin');

/** The page's one h1, as the shared heading draws it: its text, alignment and highlighted words. */
async function heading(page: Page): Promise<{ text: string; align: string | null; highlighted: string[] }> {
  const h1 = page.locator('h1');
  await h1.first().waitFor();
  expect(await h1.count()).toBe(1);
  const wrapper = page.locator('[data-align]').filter({ has: h1 });
  return {
    text: ((await h1.textContent()) ?? '').trim(),
    align: await wrapper.getAttribute('data-align'),
    highlighted: await h1.locator('[data-highlight]').allTextContents(),
  };
}

describe('the pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('draws every page title with the one shared heading: highlighted words, left, center or right', async () => {
    const page = await newPage(browser, baseURL);
    const expectations: [string, { text: string; align: string; highlighted?: string[] }][] = [
      [
        '/',
        {
          text: 'Troll Your Favorite Streamer With Epic In-Game Events',
          align: 'center',
          highlighted: ['Epic In-Game Events'],
        },
      ],
      ['/auth', { text: 'Welcome to StreamShop', align: 'center', highlighted: ['StreamShop'] }],
      ['/leaderboard', { text: 'Top Supporters', align: 'left', highlighted: ['Supporters'] }],
      ['/test-rcon', { text: 'RCON Tester', align: 'left' }],
      ['/terms-of-service', { text: 'Terms of Service', align: 'left' }],
      ['/privacy-policy', { text: 'Privacy Policy', align: 'left' }],
      ['/cookie-policy', { text: 'Cookie Policy', align: 'left' }],
      ['/profile/0', { text: 'User Not Found', align: 'center' }],
      ['/no-such-page', { text: '404 Page Not Found', align: 'center', highlighted: ['404'] }],
    ];
    for (const [path, expected] of expectations) {
      await page.goto(path);
      const seen = await heading(page);
      expect(seen, path).toEqual({ highlighted: [], ...expected });
      // The highlight is the accent colour, not the heading's own.
      if (expected.highlighted) {
        const colours = await page
          .locator('h1')
          .evaluate((h1) => [
            getComputedStyle(h1).color,
            getComputedStyle(h1.querySelector('[data-highlight]') as Element).color,
          ]);
        expect(colours[0], path).not.toBe(colours[1]);
      }
    }

    const name = uniqueName('head');
    await registerViaUi(page, name);
    await page.goto('/history');
    expect(await heading(page)).toEqual({ text: 'Transaction History', align: 'left', highlighted: [] });
    await page.goto('/dashboard');
    expect(await heading(page)).toEqual({ text: `Welcome back, ${name}`, align: 'left', highlighted: [name] });
    const profileHref = await page.getByRole('link', { name: 'View Public Profile' }).getAttribute('href');
    await page.goto(profileHref ?? '/');
    expect(await heading(page)).toEqual({ text: name, align: 'left', highlighted: [] });
    await page.context().close();

    const adminPage = await newPage(browser, baseURL);
    await loginViaUi(adminPage, admin.username, admin.password);
    for (const [path, text] of [
      ['/admin/tools', 'Admin Tools'],
      ['/admin/categories', 'Manage Categories'],
      ['/admin/watch-time', 'Watch Time Rewards'],
    ] as const) {
      await adminPage.goto(path);
      expect(await heading(adminPage), path).toEqual({ text, align: 'left', highlighted: [] });
    }
    await adminPage.context().close();
  });

  it("says 'Failed to fetch user profile' when a profile fails to load, and loads it on Retry", async () => {
    const page = await newPage(browser, baseURL);
    const name = uniqueName('prof');
    await registerViaUi(page, name);
    await page.goto('/dashboard');
    const href = await page.getByRole('link', { name: 'View Public Profile' }).getAttribute('href');
    const restore = await failProcedure(page, 'community.profile', 500, 'The database is busy');
    await page.goto(href ?? '/');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch user profile' });
    await alert.getByText('An error occurred loading the profile', { exact: true }).waitFor();
    await alert.getByText('500: The database is busy', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Leaderboard' }).waitFor();
    await restore();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.context().close();
  });
});
