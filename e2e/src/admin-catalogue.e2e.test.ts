import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, uniqueName } from './browser';
import { loginViaUi, newPage, registerViaUi } from './session';

const baseURL = inject('baseURL');
const admin = inject('admin');

describe('the admin runs the catalogue, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an admin creates a coloured category and the action form offers it; deleting it asks first', async () => {
    const name = uniqueName('Weather ');
    const page = await newPage(browser, baseURL);
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/admin/categories');
    await page.getByRole('heading', { name: 'Manage Categories' }).waitFor();

    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Rain, thunder and fog');
    await dialog.getByLabel('Color').fill('#12AB34');
    await dialog.getByLabel('Color').press('Tab');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await page.getByText('Category Created').waitFor();

    const card = page.getByTestId('category-card').filter({ hasText: name });
    await card.getByText('Rain, thunder and fog').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    expect(await card.getByLabel(/^Colour /).getAttribute('aria-label')).toBe('Colour #12AB34');

    // A bad colour is explained in the dialog, not sent.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByLabel('Color').fill('green');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.getByText('Color must be a hex colour like #6B7280').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Minecraft' }).click();
    await page.getByRole('button', { name: 'Create Action' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name, exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/admin/categories');
    await page.getByTestId('category-card').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Category' });
    await confirm.getByText('Are you sure you want to delete this category? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Category Deleted').waitFor();
    await page.getByTestId('category-card').filter({ hasText: name }).waitFor({ state: 'detached' });
  });

  it('an admin adds and re-prices a coin package and a viewer sees the new price', async () => {
    const name = uniqueName('Mega ');
    const page = await newPage(browser, baseURL);
    await loginViaUi(page, admin.username, admin.password);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Packages' }).click();
    await page.getByRole('heading', { name: 'Coin Packages' }).waitFor();

    await page.getByRole('button', { name: 'Add Package' }).click();
    const add = page.getByRole('dialog', { name: 'Add Package' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Coins').fill('3000');
    await add.getByLabel('Price (USD)').fill('12.345');
    await add.getByRole('button', { name: 'Create Package' }).click();
    await add.getByText('Price must be in dollars, like 4.99').waitFor();
    await add.getByLabel('Price (USD)').fill('24.99');
    await add.getByRole('button', { name: 'Create Package' }).click();
    await page.getByText('Package created').waitFor();

    const row = page.getByTestId('admin-package').filter({ hasText: name });
    expect(await row.getByTestId('admin-package-price').textContent()).toBe('$24.99');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Package' });
    await edit.getByLabel('Price (USD)').fill('19.50');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Package updated').waitFor();
    await row.getByText('$19.50').waitFor();

    const viewer = await newPage(browser, baseURL);
    await registerViaUi(viewer, uniqueName('buyer'));
    await viewer.goto('/shop');
    const card = viewer.getByTestId('coin-package').filter({ hasText: name });
    await card.getByText('$19.50', { exact: true }).waitFor();
    await card.getByText('3,000 coins').waitFor();

    // Switched off, it leaves the shop; the admin still sees it, marked Disabled.
    await row.getByRole('switch', { name: `${name} active` }).click({ force: true });
    await row.getByText('Disabled', { exact: true }).waitFor();
    await viewer.goto('/shop');
    await viewer.getByTestId('coin-package').first().waitFor();
    expect(await viewer.getByTestId('coin-package').filter({ hasText: name }).count()).toBe(0);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Package' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Package deleted').waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
