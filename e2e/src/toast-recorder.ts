import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __toastTexts?: string[];
  }
}

/**
 * Records the text of every toast the page shows, however briefly: a receipt can replace a toast's
 * line within milliseconds, faster than a test could look. Installed before each load of the page,
 * so it also covers the page after a reload.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__toastTexts = [];
    const seen = window.__toastTexts;
    const read = () => {
      document.querySelectorAll('.mantine-Notification-root').forEach((toast) => {
        const text = toast.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      });
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The toast texts seen since the page last loaded, oldest first. */
export function toastTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window.__toastTexts ?? [])]);
}

/** The one toast showing (one at a time), once its text matches. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
}
