import type { Browser, Page } from 'playwright-core';

/** A fresh browser context (own cookies and storage) at the shop's address. */
export async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 1000 } });
  return context.newPage();
}

export async function registerViaUi(page: Page, username: string, password = 'secret123'): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByTestId('nav-username').waitFor();
}

export async function loginViaUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('nav-username').waitFor();
}

/** The balance pill's number. */
export async function balance(page: Page): Promise<number> {
  const text = (await page.getByTestId('coin-balance').textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

/** Buys the named package from the shop with the demo checkout and waits for the page reload after it. */
export async function buyWithDemo(page: Page, packageName: string): Promise<void> {
  await page.goto('/shop');
  const card = page.getByTestId('coin-package').filter({ has: page.getByText(packageName, { exact: true }) });
  await card.getByRole('button', { name: 'Buy' }).click();
  await page.getByTestId('demo-notice').waitFor();
  await page.getByRole('button', { name: 'Pay with demo checkout' }).click();
  await page.getByText('Purchase Successful', { exact: true }).waitFor();
}

/** Picks an option of a Mantine Select by its label, as a person would. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** On the admin dashboard: adds a delivery target through the Webhooks tab's form. */
export async function addEndpointViaUi(
  page: Page,
  endpoint: { url: string; secret: string; description: string; gameType: string },
): Promise<void> {
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page
    .getByRole('button', { name: /^Add (Your First )?Webhook$/ })
    .first()
    .click();
  await page.getByLabel(/^URL/).fill(endpoint.url);
  await page.getByLabel('Secret Key').fill(endpoint.secret);
  await page.getByLabel('Description').fill(endpoint.description);
  await pickOption(page, 'Game Type', endpoint.gameType);
  await page.getByRole('button', { name: 'Save Webhook' }).click();
  await page.getByText('Webhook added').waitFor();
}
