import { expect, test, type APIRequestContext } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { choose } from './support/forms.ts';
import { DEMO, DEMO_PASSWORD, signIn, signInQuickly, unique } from './support/session.ts';

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
  // Only an Admin may have no centre.
  await page.getByRole('combobox', { name: 'Centre' }).click();
  await page.getByRole('option', { name: 'None' }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Coordinator' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('combobox', { name: 'Centre' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This field is required')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Centre' }).click();
  await page.getByRole('option', { name: 'Prairie Pathways Training Centre' }).click();
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

/** A Coordinator made through the API, with a password set from the invitation when `password`. */
async function coordinatorByApi(request: APIRequestContext, token: string, last: string, password?: string) {
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      first_name: 'Robin',
      last_name: last,
      email: `${last.toLowerCase()}@example.ca`,
      centre: { centre_id: 1 },
      roles: [{ role_id: 2 }],
    },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as {
    id: number;
    user: { email: string };
    invite: { token: string; id: number };
  };
  if (password) {
    const set = await request.post('/api/auth/reset-password', { data: { ...created.invite, password } });
    expect(set.status()).toBe(200);
  }
  return { id: created.id, email: created.user.email, fullName: `Robin ${last}` };
}

test('an Admin finds users, sends them mail, and deactivates and reactivates one', async ({
  page,
  browser,
}) => {
  // Two browsers and four axe scans.
  test.slow();
  const session = await signInQuickly(page, DEMO.admin);
  const id = unique();
  const invited = await coordinatorByApi(page.request, session.accessToken, `Invited${id}`);
  const member = await coordinatorByApi(page.request, session.accessToken, `Member${id}`, DEMO_PASSWORD);

  // The member signs in, in a browser of their own.
  const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const their = await theirs.newPage();
  await signIn(their, member.email);
  await expect(their).toHaveURL(/\/my-work/);

  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(id);
  await expect(page).toHaveURL(new RegExp(`s=${id}`));
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: '2 users' })).toBeVisible();

  const invitedRow = table.getByRole('row').filter({ hasText: invited.fullName });
  const memberRow = table.getByRole('row').filter({ hasText: member.fullName });
  await expect(invitedRow).toContainText('Never');
  await expect(memberRow).not.toContainText('Never');
  await expect(memberRow).toContainText('Active');
  expect(await violationsOf(page, 'users list')).toEqual([]);

  await invitedRow.getByRole('button', { name: `Resend invitation to ${invited.fullName}` }).click();
  await expect(page.getByText(`A new invitation was sent to ${invited.email}.`)).toBeVisible();
  await memberRow.getByRole('button', { name: `Send password reset to ${member.fullName}` }).click();
  await expect(page.getByText(`A password reset link was sent to ${member.email}.`)).toBeVisible();

  // Filters live in the address, with the search.
  await choose(page, 'Role', 'Reporter');
  await expect(page).toHaveURL(/role=3/);
  await expect(table).toContainText('No user matches the search and filters.');
  await choose(page, 'Role', 'All roles');
  await choose(page, 'Status', 'Inactive');
  await expect(page).toHaveURL(/status=inactive/);
  await expect(table).toContainText('No user matches the search and filters.');
  await choose(page, 'Status', 'All');

  // Deactivate the member: their open session ends and they cannot sign in.
  await memberRow.getByRole('link', { name: member.fullName }).click();
  await expect(page.getByRole('heading', { name: 'Coordinator Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate User' });
  await expect(confirm).toContainText(`Deactivate ${member.fullName}?`);
  expect(await violationsOf(page, 'deactivate dialog')).toEqual([]);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${member.fullName} was deactivated.`)).toBeVisible();
  await expect(
    page.getByText(`This account is deactivated: ${member.fullName} cannot sign in.`),
  ).toBeVisible();
  expect(await violationsOf(page, 'deactivated user profile')).toEqual([]);

  await their.goto('/clients');
  await expect(their).toHaveURL(/\/login/);
  await signIn(their, member.email);
  await expect(
    their.getByText('This account has been deactivated. Ask an administrator to reactivate it.'),
  ).toBeVisible();

  await page.goto(`/users?s=${id}&status=inactive`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Inactive');
  await expect(table.getByRole('button', { name: /Send password reset/ })).toHaveCount(0);
  expect(await violationsOf(page, 'users list, inactive')).toEqual([]);

  // Reactivated, they sign in again.
  await table.getByRole('link', { name: member.fullName }).click();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Reactivate User' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page.getByText(`${member.fullName} was reactivated.`)).toBeVisible();
  await signIn(their, member.email);
  await expect(their).toHaveURL(/\/clients/);
  await theirs.close();
});
