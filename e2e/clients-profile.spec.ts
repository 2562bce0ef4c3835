import { expect, test } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('each profile tab edits, saves and cancels', async ({ page, request }) => {
  const last = `Lavallee${unique()}`;
  const { id } = await createClient(request, { first_name: 'Noah', last_name: last, sin: '193456787' });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}`);
  await expect(page.getByRole('heading', { name: `Noah ${last}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Client menu' })).toBeVisible();

  // Client tab: cancel drops the edit, save keeps it.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'City' }).fill('Brandon');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Brandon')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'City' }).fill('Winnipeg');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The client was successfully updated.')).toBeVisible();
  await expect(page.getByText('Winnipeg')).toBeVisible();

  // The SIN stays masked until asked for.
  await expect(page.getByText('193 456 787')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal SIN' }).click();
  await expect(page.getByText('193 456 787')).toBeVisible();
  await page.getByRole('button', { name: 'Hide SIN' }).click();
  await expect(page.getByText('193 456 787')).toHaveCount(0);

  // Demographic tab.
  await page.getByRole('tab', { name: 'Demographic' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Number of Dependents' }).fill('x');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be a whole number')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Number of Dependents' }).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The client was successfully updated.').first()).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('2');

  // Ancestry tab: Indigenous Yes without a reserve answer marks the client as missing information.
  await page.getByRole('tab', { name: 'Ancestry' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('radiogroup', { name: 'Indigenous' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByRole('combobox', { name: 'Reserve' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('combobox', { name: 'Reserve' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('radiogroup', { name: 'Indigenous' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This client is missing required information.').first()).toBeVisible();

  // Switching tabs with unsaved edits asks first.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Nation' }).fill('Sagkeeng');
  await page.getByRole('tab', { name: 'Demographic' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  // A question the spec's buttons answer ('No, Continue' / 'Yes, Cancel').
  await expect(discard).toContainText('Do you want to cancel? Your changes have not been saved.');
  await discard.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page.getByRole('tab', { name: 'Demographic' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Ancestry' }).click();
  await expect(page.getByText('Sagkeeng')).toHaveCount(0);
});

test('a client is deleted after typing DELETE', async ({ page, request }) => {
  const last = `Gone${unique()}`;
  const { id } = await createClient(request, { first_name: 'Temp', last_name: last });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Client' });
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The client was successfully deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  await page.goto(`/clients?s=${last}`);
  await expect(page.getByRole('link', { name: `Temp ${last}` })).toHaveCount(0);
});

test("a Coordinator opening another centre's client gets the not-found page, not the data", async ({
  page,
  request,
}) => {
  const last = `Elsewhere${unique()}`;
  const { id } = await createClient(request, { first_name: 'Private', last_name: last }, DEMO.coordinator2);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/client/${id}$`));
  await expect(page.getByText(last)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Oops' })).toHaveCount(0);
});
