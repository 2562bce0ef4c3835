import { expect, test } from '@playwright/test';
import { DEMO, signInQuickly } from './support/session.ts';

test('an Admin has the settings menu with Users, Centres and Mappings', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/clients');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Groups' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Mappings' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Centres' }).click();
  await expect(page).toHaveURL(/\/centres$/);
});

test('a Coordinator sees no settings menu and is refused the user list', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Groups' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Client Interaction' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);

  // Refused by the router itself, from the capability matrix: the user list is never asked for.
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/users') && asked.push(r.url())));
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page).toHaveTitle('No access | Cairn');
  await expect(page.getByRole('heading', { name: 'Oops' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('a Reporter sees only Reports', async ({ page }) => {
  await signInQuickly(page, DEMO.reporter);
  await page.goto('/reports');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Reports' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Client search' })).toHaveCount(0);
});

test('the client search box writes s on the clients page', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  await page.getByRole('searchbox', { name: 'Client search' }).fill('smith');
  await page.getByRole('searchbox', { name: 'Client search' }).press('Enter');
  await expect(page).toHaveURL(/\/clients\?s=smith$/);
});

test('an unknown path shows the 404 page and its error log', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/centres');
  await expect(page.getByRole('table', { name: 'Centres' })).toBeVisible();
  await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page).toHaveTitle('404 | Cairn');
  await expect(page.getByRole('heading', { name: 'Oops' })).toBeVisible();
  await expect(page.getByTestId('error-log')).toBeHidden();
  await page.getByRole('button', { name: 'Show Error Log' }).click();
  const log = page.getByTestId('error-log');
  await expect(log).toContainText('1.6.0');
  await expect(log).toContainText('Chrom');
  await page.getByRole('button', { name: 'Hide Error Log' }).click();
  await expect(log).toBeHidden();
  await page.getByRole('link', { name: 'Back to home page' }).click();
  await expect(page).toHaveURL(/\/clients$/);
});
