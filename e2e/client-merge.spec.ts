import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { createPlan } from './support/plans.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('a Coordinator merges a duplicate client from the profile; its old address leads to the kept one', async ({
  page,
  request,
}) => {
  const last = `Mergeson${unique()}`;
  const kept = await createClient(request, { first_name: 'Jordan', last_name: last, phone: '204-555-0100' });
  const other = await createClient(request, {
    first_name: 'Jordy',
    last_name: last,
    phone: '204-555-0199',
    date_of_birth: '1990-05-15',
  });
  await createPlan(request, other.token, other.id);
  await signInQuickly(page, DEMO.coordinator);

  await page.goto(`/client/${kept.id}`);
  await expect(page.getByRole('heading', { name: `Jordan ${last}` })).toBeVisible();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Merge with…' }).click();
  await expect(page.getByRole('heading', { name: `Merge another client into Jordan ${last}` })).toBeVisible();
  await expect(page).toHaveTitle(`Merge another client into Jordan ${last} | Cairn`);

  // The other record, found by name within the Coordinator's centre.
  const picker = page.getByRole('combobox', { name: 'Client to merge into this one' });
  await picker.fill('Jordy');
  await page.getByRole('option', { name: new RegExp(`Jordy ${last}`) }).click();

  // Only the answers that differ, each a group of two radio buttons.
  const firstName = page.getByRole('radiogroup', { name: 'First Name' });
  await expect(firstName.getByRole('radio', { name: /^Jordan/ })).toBeChecked();
  await firstName.getByRole('radio', { name: /^Jordy/ }).check();
  await expect(page.getByRole('radiogroup', { name: 'Phone' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Date of Birth' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Last Name' })).toHaveCount(0);
  await expect(page.getByText('1 plan', { exact: true })).toBeVisible();
  await expect(page.getByText('0 stories', { exact: true })).toBeVisible();

  expect(await violationsOf(page, 'merge screen')).toEqual([]);

  await page.getByRole('button', { name: 'Merge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge Clients' });
  await expect(dialog).toContainText(`Are you sure you wish to merge Jordy ${last} into Jordan ${last}?`);
  expect(await violationsOf(page, 'merge confirmation')).toEqual([]);
  const confirm = dialog.getByRole('button', { name: 'Merge' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
  await confirm.click();

  await expect(page.getByText(`The clients were merged into Jordy ${last}.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/client/${kept.id}$`));
  await expect(page.getByRole('heading', { name: `Jordy ${last}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plans (1)' })).toBeVisible();

  // The merged client's address opens the kept profile.
  await page.goto(`/client/${other.id}`);
  await expect(page).toHaveURL(new RegExp(`/client/${kept.id}$`));
  await expect(page.getByRole('heading', { name: `Jordy ${last}` })).toBeVisible();
});
