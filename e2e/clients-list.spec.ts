import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('the clients list sorts, searches and pages, and a reload keeps the state from the URL', async ({
  page,
  request,
}) => {
  const tag = unique();
  // Twelve clients sharing a surname make a search with two pages of ten.
  for (let i = 0; i < 12; i++) {
    await createClient(request, {
      first_name: `Person${String(i).padStart(2, '0')}`,
      last_name: `Paging${tag}`,
      email: `p${i}.${tag}@example.ca`,
    });
  }
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  await expect(page).toHaveTitle('Clients | Cairn');
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search by name, email or phone' }).fill(`paging${tag}`);
  await expect(page).toHaveURL(new RegExp(`s=paging${tag}`));
  await expect(page.getByText('12 clients')).toBeVisible();

  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('link').first()).toHaveText(`Person00 Paging${tag}`);
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('link').first()).toHaveText(`Person11 Paging${tag}`);
  await expect(page).toHaveURL(/sortBy=full_name/);
  await expect(page).toHaveURL(/sortDesc=true/);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole('link', { name: /Person0[01] / })).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search by name, email or phone' })).toHaveValue(
    `paging${tag}`,
  );
  await expect(table.getByRole('link', { name: /Person0[01] / })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // The top-nav search box drives the same s.
  await page.getByRole('searchbox', { name: 'Client search' }).fill(`p3.${tag}`);
  await page.getByRole('searchbox', { name: 'Client search' }).press('Enter');
  await expect(table.getByRole('link', { name: new RegExp(`Paging${tag}`) })).toHaveText([
    `Person03 Paging${tag}`,
  ]);
});

test('the list marks clients missing required information and shows Case Status', async ({
  page,
  request,
}) => {
  const last = `Flag${unique()}`;
  await createClient(request, { first_name: 'Incomplete', last_name: last, highest_education: null });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/clients?s=${last}`);
  const row = page.getByRole('row', { name: new RegExp(`Incomplete ${last}`) });
  await expect(row.getByRole('img', { name: 'This client is missing required information.' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '-', exact: true })).toBeVisible();
});

test('an Admin sees the centre column and no New Client button', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/clients');
  await expect(page.getByRole('button', { name: 'Centre' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Client' })).toHaveCount(0);
});

test('a click anywhere in a column header sorts, and so does the keyboard', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  const phone = page.getByRole('columnheader', { name: 'Phone' });
  const box = await phone.boundingBox();
  if (!box) throw new Error('The Phone header is not on screen.');
  // The cell's far corner, well away from its label.
  await phone.click({ position: { x: box.width - 3, y: box.height - 3 } });
  await expect(page).toHaveURL(/sortBy=phone/);
  await expect(phone).toHaveAttribute('aria-sort', 'ascending');

  const status = page.getByRole('columnheader', { name: 'Case Status' });
  await page.getByRole('button', { name: 'Case Status' }).focus();
  await page.keyboard.press('Enter');
  await expect(status).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Space');
  await expect(status).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sortBy=recent_plan_status&sortDesc=true/);
});

test('a search lists its best matches first until a column is chosen', async ({ page, request }) => {
  const tag = unique();
  // Two whose surname begins with the word searched, one whose email holds it inside a word.
  await createClient(request, { first_name: 'Zed', last_name: `Best${tag}` });
  await createClient(request, { first_name: 'Mid', last_name: 'Other', email: `mid.xbest${tag}@example.ca` });
  await createClient(request, { first_name: 'Alpha', last_name: `Best${tag}` });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/clients?worker=all&s=best${tag}`);
  const table = page.getByRole('table', { name: 'Clients' });
  const names = table.getByRole('link', { name: /Best|Other/ });
  await expect(names).toHaveText([`Alpha Best${tag}`, `Zed Best${tag}`, 'Mid Other']);
  // No column is the order: the best matches are.
  await expect(page.getByRole('columnheader', { name: 'Last Updated' })).toHaveAttribute('aria-sort', 'none');
  await expect(page).not.toHaveURL(/sortBy=/);
  expect(await violationsOf(page, 'best matches')).toEqual([]);

  // A column chosen: every match by name, kept in the address.
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(names).toHaveText([`Alpha Best${tag}`, 'Mid Other', `Zed Best${tag}`]);
  await expect(page).toHaveURL(/sortBy=full_name/);
  await page.reload();
  await expect(names).toHaveText([`Alpha Best${tag}`, 'Mid Other', `Zed Best${tag}`]);
});
