import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('an Admin finds a pair in Possible duplicates, sees why, and merges it', async ({ page, request }) => {
  const last = `Duplessis${unique()}`;
  const kept = await createClient(request, {
    first_name: 'Robert',
    last_name: last,
    date_of_birth: '1986-03-09',
    email: `robert.${last.toLowerCase()}@example.ca`,
  });
  const other = await createClient(request, {
    first_name: 'Bob',
    last_name: last,
    date_of_birth: '1986-09-03',
    email: `robert.${last.toLowerCase()}@example.ca`,
  });
  await signInQuickly(page, DEMO.admin);

  await page.goto('/clients');
  await page.getByRole('link', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('heading', { name: 'Possible duplicates' })).toBeVisible();
  await expect(page).toHaveTitle('Possible duplicates | Cairn');

  const row = page.getByRole('row').filter({ hasText: `Bob ${last}` });
  await expect(row).toContainText(`Robert ${last}`);
  await expect(row).toContainText(
    'Same name, one a nickname, Date of birth with day and month swapped, Same email',
  );
  await expect(row).toContainText('%');
  expect(await violationsOf(page, 'possible duplicates')).toEqual([]);

  await row.getByRole('link', { name: `Merge Bob ${last} into Robert ${last}` }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${kept.id}/merge\\?other=${other.id}$`));
  await expect(page.getByRole('heading', { name: `Merge another client into Robert ${last}` })).toBeVisible();
  // The other client is chosen already: the answers that differ are offered.
  await expect(page.getByRole('radiogroup', { name: 'First Name' })).toBeVisible();
  await page.getByRole('button', { name: 'Merge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge Clients' });
  await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(`The clients were merged into Robert ${last}.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/client/${kept.id}$`));

  // The pair is gone from the list.
  await page.goto('/clients/duplicates');
  await expect(page.getByRole('heading', { name: 'Possible duplicates' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Bob ${last}` })).toHaveCount(0);
});
