import { expect, test } from '@playwright/test';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('an Admin creates, edits and deletes a user', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/users');
  await expect(page).toHaveTitle('Users | Cairn');
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Casey Coordinator');
  await page.getByRole('link', { name: 'New User' }).click();
  await expect(page).toHaveTitle('New User | Cairn');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();

  const id = unique();
  const email = `dana.${id}@example.ca`;
  await page.getByRole('textbox', { name: 'First Name' }).fill('Dana');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(`Okafor${id}`);
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be an email')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('combobox', { name: 'Centre' }).click();
  await page.getByRole('option', { name: 'Prairie Pathways Training Centre' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Coordinator' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('The user was successfully created')).toBeVisible();
  const invite = page.getByRole('dialog', { name: 'Invitation sent' });
  await expect(invite.getByRole('link', { name: 'Invitation link (demo only)' })).toHaveAttribute(
    'href',
    /\/login\/reset-password\?token=[^&]+&id=\d+/,
  );
  await invite.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/users$/);

  const fullName = `Dana Okafor${id}`;
  await page.getByRole('link', { name: fullName }).click();
  await expect(page).toHaveTitle('Coordinator Profile | Cairn');
  await expect(page.getByRole('heading', { name: 'Coordinator Profile' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Edit Info' }).click();
  await page.getByRole('textbox', { name: 'First Name' }).fill('Danielle');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user was successfully updated.')).toBeVisible();
  await expect(page.getByText(`Danielle Okafor${id}`).first()).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(dialog).toContainText(
    `Are you sure you wish to delete the current user Danielle Okafor${id}?`,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The user was successfully deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('link', { name: `Danielle Okafor${id}` })).toHaveCount(0);
});

test('an Admin cannot delete or demote themselves', async ({ page }) => {
  const session = await signInQuickly(page, DEMO.admin);
  await page.goto(`/user/${session.user.user_id}`);
  await expect(page.getByRole('heading', { name: 'Admin Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Info' }).click();
  await expect(page.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Centre' })).toBeDisabled();
});
