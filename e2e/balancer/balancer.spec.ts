import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from '../support/accessibility.ts';
import { dashboardFrame } from '../support/reports.ts';
import { DEMO, signIn } from '../support/session.ts';

/** The In person total the profile's Client Interactions tab shows, once loaded (0 when none). */
async function inPersonTotal(page: Page): Promise<number> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('button', { name: 'Add Interaction' })).toBeVisible();
  await expect(panel.getByLabel('Loading', { exact: true })).toHaveCount(0);
  const row = panel.getByRole('row', { name: /^In person\s+\d+$/ });
  if ((await row.count()) === 0) return 0;
  return Number((await row.getByRole('cell').last().textContent())!.trim());
}

/**
 * A Coordinator's work through the load balancer, each request going to either of two processes
 * on one database (scripts/balancer-drill.mjs): the session, the list, a profile, a write and the
 * reports all agree whichever process answers.
 */
test('a Coordinator works through the load balancer', async ({ page }) => {
  test.slow();
  const found: string[] = [];
  await signIn(page, DEMO.coordinator);
  // A Coordinator lands on My work; Clients is one click away.
  await expect(page).toHaveURL(/\/my-work$/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await expect(page).toHaveURL(/\/clients/);
  await expect(page.getByRole('heading', { name: 'Clients', exact: true })).toBeVisible();
  const first = page.getByRole('table').getByRole('link').first();
  await expect(first).toBeVisible();
  found.push(...(await violationsOf(page, 'clients list')));

  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('tab', { name: 'Client Interactions' }).click();
  const before = await inPersonTotal(page);
  await page.getByRole('button', { name: 'Add Interaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Client Interaction' });
  await dialog.getByRole('button', { name: 'Increase In person' }).click();
  await dialog.getByRole('button', { name: 'Add Interaction' }).click();
  await expect(page.getByText('The client interaction was successfully recorded.')).toBeVisible();
  // Read back (from either process) after a reload: the write is in the one database.
  await page.reload();
  await page.getByRole('tab', { name: 'Client Interactions' }).click();
  expect(await inPersonTotal(page)).toBe(before + 1);
  found.push(...(await violationsOf(page, 'client profile')));

  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(
    dashboardFrame(page, 'Clients').getByRole('heading', { level: 1, name: 'Clients' }),
  ).toBeVisible();
  found.push(...(await violationsOf(page, 'reports')));

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(found).toEqual([]);
});
