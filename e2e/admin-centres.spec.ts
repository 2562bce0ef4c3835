import { expect, test } from '@playwright/test';
import { apiToken, DEMO, signInQuickly, unique } from './support/session.ts';

test('an Admin creates and edits a centre', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/centres');
  await expect(page).toHaveTitle('Centres | Cairn');
  await page.getByRole('link', { name: 'New Centre' }).click();
  await expect(page).toHaveTitle('New Centre | Cairn');

  const name = `Harbour Skills Centre ${unique()}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Postal Code' }).fill('B3H 1A1');
  await page.getByRole('button', { name: 'Save' }).click();
  // Bad input gets the spec's messages and loses nothing.
  await expect(page.getByText('must not contain any spaces')).toBeVisible();
  await expect(page.getByText('This field is required')).toBeVisible(); // phone
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);

  await page.getByRole('textbox', { name: 'Postal Code' }).fill('B3H1A1');
  await page.getByRole('textbox', { name: 'Phone' }).fill('902-555-0100');
  await page.getByRole('combobox', { name: 'Province' }).click();
  await page.getByRole('option', { name: 'Nova Scotia' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/centre\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('B3H1A1')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveValue('Nova Scotia');
  await page.getByRole('textbox', { name: 'City' }).fill('Halifax');
  // An optional Select can be cleared: the province is then not given.
  await page.locator('[data-path="province"]').locator('xpath=..').locator('button').click();
  await expect(page.getByRole('combobox', { name: 'Province' })).toHaveValue('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The centre was successfully updated.')).toBeVisible();
  await expect(page.getByText('Halifax')).toBeVisible();
  await expect(page.getByText('Nova Scotia')).toHaveCount(0);

  await page.goto('/centres');
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // Spec §2: the centre page offers only Edit.
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // The journey's centre (its name unique to the run) is removed through the API.
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const token = await apiToken(page.request, DEMO.admin);
  const removed = await page.request.delete(`/api/centres/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(removed.status()).toBe(200);
});

test('the centre page offers only Edit, also for a centre that has users', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/centres');
  await page.getByRole('link', { name: 'Northern Lights Employment Centre' }).click();
  await expect(page.getByRole('heading', { name: 'Northern Lights Employment Centre' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
