import { expect, test } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('an interaction is recorded from the profile', async ({ page, request }) => {
  const last = `Moose${unique()}`;
  const { id } = await createClient(request, { first_name: 'Ella', last_name: last });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}`);
  await page.getByRole('tab', { name: 'Client Interactions' }).click();
  await page.getByRole('button', { name: 'Add Interaction' }).click();

  const dialog = page.getByRole('dialog', { name: 'Client Interaction' });
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add Interaction' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Increase In person' }).click();
  await dialog.getByRole('button', { name: 'Increase In person' }).click();
  await dialog.getByLabel('Phone call', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: 'Add Interaction' }).click();
  await expect(page.getByText('The client interaction was successfully recorded.')).toBeVisible();

  const table = page.getByRole('tabpanel');
  await expect(table.getByRole('row', { name: /In person\s+2/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Phone call\s+3/ })).toBeVisible();
});

test('an interaction is recorded from the top-nav button for a chosen client', async ({ page, request }) => {
  const last = `Sparrow${unique()}`;
  const { id } = await createClient(request, { first_name: 'Rowan', last_name: last });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Client Interaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Client Interaction' });
  await dialog.getByRole('button', { name: 'Increase Email' }).click();
  await dialog.getByRole('button', { name: 'Add Interaction' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Client' }).fill(last);
  await page.getByRole('option', { name: new RegExp(`Rowan ${last}`) }).click();
  await dialog.getByLabel('Date').fill('2999-01-01');
  await dialog.getByRole('button', { name: 'Add Interaction' }).click();
  await expect(dialog.getByText("Date can't be in the future")).toBeVisible();
  await dialog.getByLabel('Date').fill('2026-01-15');
  await dialog.getByRole('button', { name: 'Add Interaction' }).click();
  await expect(page.getByText('The client interaction was successfully recorded.')).toBeVisible();

  await page.goto(`/client/${id}`);
  await page.getByRole('tab', { name: 'Client Interactions' }).click();
  await expect(page.getByRole('tabpanel').getByRole('row', { name: /Email\s+1/ })).toBeVisible();
});
