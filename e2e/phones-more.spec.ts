import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { checkDialog, checkDrawer, heading, longCase, screenReady } from './support/phones.ts';
import { checkWidth } from './support/screen-width.ts';
import { apiToken, DEMO, signIn, signInQuickly, unique } from './support/session.ts';

// Staff use Cairn on phones (phones.spec.ts): the Coordinator's other screens, the Admin's and the Reporter's.
test.use({ viewport: { width: 390, height: 844 } });
// Each journey walks through many screens.
test.describe.configure({ timeout: 240_000 });

test("a Coordinator's other screens fit a phone: stories, own profile, documents, help, reports, the error, not-found and no-access pages", async ({
  page,
  request,
}) => {
  const { clientId } = await longCase(request);
  const found: string[] = [];
  const session = await signInQuickly(page, DEMO.coordinator);

  await page.goto(`/client/${clientId}/stories`);
  await checkWidth(page, 'stories', page.getByRole('article').first(), found);
  await page.getByRole('button', { name: 'New Story' }).click();
  await checkWidth(page, 'new story', page.getByRole('form', { name: 'New Story' }), found);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/user/${session.user.user_id}`);
  await checkWidth(page, 'own profile', heading(page, 'Coordinator Profile'), found);
  await page.getByRole('button', { name: 'Edit Info' }).click();
  await checkWidth(page, 'own profile, editing', page.getByRole('button', { name: 'Save' }), found);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await checkDialog(
    page,
    'change password',
    page.getByRole('button', { name: 'Change Password' }),
    'Change Password',
    found,
  );

  // The group screens have their own phone check (groups.spec.ts); documents and help theirs in
  // help-documents.spec.ts, every help screen; on Reports, the dashboard inside its frame.
  await page.goto('/documents');
  await checkWidth(page, '/documents', heading(page, 'Documents'), found);
  await page.goto('/help');
  await checkWidth(page, '/help', heading(page, 'Help Centre'), found);
  await page.goto('/reports');
  await checkWidth(page, '/reports', screenReady(page, '/reports'), found);

  // The error page, with its log.
  await page.goto('/no-such-page');
  await checkWidth(page, 'error page', heading(page, 'Oops'), found);
  await page.getByRole('button', { name: 'Show Error Log' }).click();
  await checkWidth(page, 'error log', page.getByTestId('error-log'), found);

  // A record that does not exist, and a screen the role may not open.
  await page.goto('/client/2147483647');
  await checkWidth(page, 'not found', heading(page, 'Not found'), found);
  await page.goto('/centres');
  await checkWidth(page, 'no access', heading(page, 'No access'), found);

  expect(found).toEqual([]);
});

test("an Admin's screens fit a phone: clients, users and centres as cards, profiles and forms", async ({
  page,
  request,
}) => {
  const { clientId, planId, lastName } = await longCase(request);
  const tag = unique();
  const token = await apiToken(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}` };
  const centreName = `Kitchenuhmaykoosib Inninuwug Community Employment and Training Centre ${tag}`;
  const centre = await request.post('/api/centres', {
    headers,
    data: {
      name: centreName,
      address: '1 Airport Road, Unit 14, Kitchenuhmaykoosib Inninuwug First Nation',
      city: 'Big Trout Lake',
      province: 'ON',
      postal_code: 'P0V1G0',
      phone: '807-537-2263',
    },
  });
  expect(centre.status()).toBe(201);
  const centreId = ((await centre.json()) as { id: number }).id;
  const user = await request.post('/api/users', {
    headers,
    data: {
      first_name: 'Alexandrine-Marguerite',
      last_name: `Okimawininew-Beauchesne-${tag}`,
      email: `alexandrine.marguerite.okimawininew-beauchesne.${tag}@northern-lights-employment-centre.example.ca`,
      centre: { centre_id: centreId },
      roles: [{ role_id: 2 }],
    },
  });
  expect(user.status()).toBe(201);
  const userId = ((await user.json()) as { id: number }).id;
  const found: string[] = [];
  const session = await signInQuickly(page, DEMO.admin);

  // Clients of every centre, with their centre and email, as cards.
  await page.goto(`/clients?s=${lastName}`);
  const client = page
    .getByRole('table', { name: 'Clients' })
    .getByRole('row', { name: new RegExp(lastName) });
  await checkWidth(page, 'clients list', client, found);
  await expect(client.getByRole('cell', { name: 'Northern Lights Employment Centre' })).toBeVisible();
  found.push(...(await violationsOf(page, 'clients list')));
  await page.goto(`/client/${clientId}`);
  await checkWidth(page, 'client profile', heading(page, new RegExp(lastName)), found);
  await page.goto(`/client/${clientId}/plan/${planId}`);
  await checkWidth(page, 'plan profile', heading(page, new RegExp(lastName)), found);
  await page.goto(`/client/${clientId}/stories`);
  await checkWidth(page, 'stories', page.getByRole('article').first(), found);
  // A new plan for a client with an open one: the wizard says so.
  await page.goto(`/client/${clientId}/plan/create`);
  await checkWidth(page, 'new plan beside an open one', heading(page, 'New Plan'), found);
  await page.goto('/interaction');
  await checkWidth(page, 'interaction page', heading(page, 'Client Interaction'), found);

  // Users: a card per user, each with its centre and role in sight.
  await page.goto('/users');
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row', { name: /Okimawininew-Beauchesne/ });
  await checkWidth(page, 'users list', row, found);
  await expect(row.getByRole('cell', { name: 'Coordinator', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: centreName })).toBeVisible();
  found.push(...(await violationsOf(page, 'users list')));
  await checkDrawer(page, 'users list', found);
  await page.goto(`/user/${userId}`);
  await checkWidth(page, 'user profile', heading(page, 'Coordinator Profile'), found);
  await checkDialog(page, 'delete user', page.getByRole('button', { name: 'Delete' }), 'Delete User', found);
  await page.getByRole('button', { name: 'Edit Info' }).click();
  await checkWidth(page, 'user profile, editing', page.getByRole('button', { name: 'Save' }), found);
  await page.goto(`/user/${session.user.user_id}`);
  await checkWidth(page, 'own profile', heading(page, 'Admin Profile'), found);

  // A new user, and the invitation with its long link.
  await page.goto('/user/create');
  await checkWidth(page, 'new user', heading(page, 'New User'), found);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Bernadette');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(`Ahenakew-Sinclair-${tag}`);
  await page
    .getByRole('textbox', { name: 'Email' })
    .fill(`bernadette.ahenakew-sinclair.${tag}@prairie-pathways-training-centre.example.ca`);
  await page.getByRole('combobox', { name: 'Centre' }).click();
  await page.getByRole('option', { name: centreName }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Coordinator' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await checkWidth(page, 'invitation sent', page.getByRole('dialog', { name: 'Invitation sent' }), found);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Centres: a card per centre, the profile, its form and a new one.
  await page.goto('/centres');
  const centreRow = page.getByRole('table', { name: 'Centres' }).getByRole('row', { name: new RegExp(tag) });
  await checkWidth(page, 'centres list', centreRow, found);
  await expect(centreRow.getByRole('cell', { name: '807-537-2263' })).toBeVisible();
  found.push(...(await violationsOf(page, 'centres list')));
  await page.goto(`/centre/${centreId}`);
  await checkWidth(page, 'centre profile', heading(page, centreName), found);
  await page.getByRole('button', { name: 'Edit' }).click();
  await checkWidth(page, 'centre profile, editing', page.getByRole('button', { name: 'Save' }), found);
  await page.goto('/centre/create');
  await checkWidth(page, 'new centre', heading(page, 'New Centre'), found);

  for (const path of ['/mappings', '/mapping/barriers', '/mapping/barriers/1', '/reports', '/no-such-page']) {
    await page.goto(path);
    await checkWidth(page, path, screenReady(page, path), found);
  }
  // An Admin's help has the Admin category.
  await page.goto('/help/admin');
  await checkWidth(page, '/help/admin', heading(page, 'Admin'), found);

  expect(found).toEqual([]);
});

test("a Reporter's screens fit a phone: own profile, reports, help and the error page", async ({ page }) => {
  const found: string[] = [];
  // On a phone a Reporter lands on their own profile.
  await signIn(page, DEMO.reporter);
  await checkWidth(page, 'own profile', heading(page, 'Reporter Profile'), found);
  await checkDrawer(page, 'own profile', found);
  for (const path of ['/reports', '/no-such-page']) {
    await page.goto(path);
    await checkWidth(page, path, screenReady(page, path), found);
  }
  await page.goto('/help');
  await checkWidth(page, '/help', heading(page, 'Help Centre'), found);
  await page.goto('/help/reporting');
  await checkWidth(page, '/help/reporting', heading(page, 'Reporting'), found);
  expect(found).toEqual([]);
});
