import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { checkWidth } from './support/screen-width.ts';
import { apiToken, DEMO, signInQuickly, unique } from './support/session.ts';

/** A user as the API answers it, read by an Admin. */
async function userNamed(request: APIRequestContext, email: string) {
  const token = await apiToken(request, DEMO.admin);
  const res = await request.get(`/api/users?s=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const [user] = (await res.json()) as Array<{
    user_id: number;
    full_name: string;
    centre: { centre_id: number };
  }>;
  return user!;
}

/** Picks `option` in the combobox named `name`. */
async function choose(page: Page, name: string, option: string) {
  await page.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a Coordinator opens on "My clients", lists the unassigned and takes one', async ({ page, request }) => {
  const tag = unique();
  const last = `Caseload${tag}`;
  await createClient(request, { first_name: 'Mine', last_name: last });
  const { id: loose } = await createClient(request, {
    first_name: 'Loose',
    last_name: last,
    worker_id: null,
  });
  const me = await userNamed(request, DEMO.coordinator);

  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/clients');
  // The default, as every list parameter's, leaves the address plain.
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('My clients');
  const table = page.getByRole('table', { name: 'Clients' });
  await page.getByRole('searchbox', { name: 'Search by name, email or phone' }).fill(last);
  await expect(table.getByRole('link', { name: `Mine ${last}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Loose ${last}` })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(`Mine ${last}`) })).toContainText(me.full_name);
  expect(await violationsOf(page, 'my clients')).toEqual([]);

  await choose(page, 'Show', 'Unassigned clients');
  await expect(page).toHaveURL(/worker=none/);
  const row = page.getByRole('row', { name: new RegExp(`Loose ${last}`) });
  await expect(row).toContainText('Unassigned');
  await expect(table.getByRole('link', { name: `Mine ${last}` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('Unassigned clients');

  await row.getByRole('checkbox', { name: `Select Loose ${last}` }).check();
  await expect(page.getByRole('status').filter({ hasText: '1 client selected' })).toBeVisible();
  expect(await violationsOf(page, 'a client selected')).toEqual([]);
  await page.getByRole('button', { name: 'Reassign selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign clients' });
  await expect(dialog).toBeVisible();
  expect(await violationsOf(page, 'reassign dialog')).toEqual([]);
  await choose(page, 'New worker', me.full_name);
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText('1 client reassigned.')).toBeVisible();
  await expect(table.getByRole('link', { name: `Loose ${last}` })).toHaveCount(0);

  // Chosen, "My clients" stays in the address as worker=me.
  await choose(page, 'Show', 'My clients');
  await expect(page).toHaveURL(/worker=me/);
  await expect(table.getByRole('link', { name: `Loose ${last}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('My clients');
  await expect(table.getByRole('link', { name: `Loose ${last}` })).toBeVisible();
  await page.goto(`/client/${loose}`);
  await expect(page.getByText(`Worker: ${me.full_name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change worker' })).toBeVisible();
  expect(await violationsOf(page, 'client profile with its worker')).toEqual([]);

  // 390 px: the list with its filter and a selection, and the dialog, fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  await page.goto(`/clients?worker=me&s=${last}`);
  await checkWidth(page, 'my clients', page.getByRole('combobox', { name: 'Show' }), found);
  await page.getByRole('checkbox', { name: `Select Loose ${last}` }).check();
  await checkWidth(page, 'a client selected', page.getByRole('button', { name: 'Reassign selected' }), found);
  await page.getByRole('button', { name: 'Reassign selected' }).click();
  await checkWidth(page, 'reassign dialog', page.getByRole('dialog', { name: 'Reassign clients' }), found);
  expect(found).toEqual([]);
});

test("an Admin reassigns a leaving worker's clients, who then leaves none behind", async ({
  page,
  request,
}) => {
  const tag = unique();
  const last = `Leaving${tag}`;
  const coordinator = await userNamed(request, DEMO.coordinator);
  const admin = await apiToken(request, DEMO.admin);
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      first_name: 'Leslie',
      last_name: last,
      email: `leslie.${tag}@example.ca`,
      centre: { centre_id: coordinator.centre.centre_id },
      roles: [{ role_id: 2 }],
    },
  });
  expect(created.status()).toBe(201);
  const leaving = ((await created.json()) as { id: number }).id;
  for (const first of ['Ann', 'Bob'])
    await createClient(request, { first_name: first, last_name: last, worker_id: leaving });

  await signInQuickly(page, DEMO.admin);
  await page.goto(`/user/${leaving}`);
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  expect(await violationsOf(page, "a worker's page")).toEqual([]);
  await page.getByRole('link', { name: 'View their clients' }).click();
  await expect(page).toHaveURL(new RegExp(`worker=${leaving}`));
  const table = page.getByRole('table', { name: 'Clients' });
  await expect(table.getByRole('link', { name: new RegExp(last) })).toHaveCount(2);

  await page.getByRole('button', { name: "Reassign all of this worker's clients" }).click();
  const dialog = page.getByRole('dialog', { name: 'Reassign clients' });
  await expect(dialog.getByText("Who should be the worker of all this worker's clients?")).toBeVisible();
  // An Admin chooses the centre first, then one of its Coordinators.
  await choose(page, 'Centre', 'Northern Lights Employment Centre');
  await choose(page, 'New worker', coordinator.full_name);
  expect(await violationsOf(page, "reassigning a worker's clients")).toEqual([]);
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText('2 clients reassigned.')).toBeVisible();
  await expect(table.getByRole('link', { name: new RegExp(last) })).toHaveCount(0);

  await page.goto(`/clients?worker=${coordinator.user_id}&s=${last}`);
  await expect(table.getByRole('link', { name: new RegExp(last) })).toHaveCount(2);

  // An Admin's intake has no worker unless one of the chosen centre's Coordinators is chosen.
  await page.goto('/client/create');
  const worker = page.getByRole('combobox', { name: 'Worker' });
  await expect(worker).toBeDisabled();
  await choose(page, 'Centre', 'Northern Lights Employment Centre');
  await expect(worker).toBeEnabled();
  await worker.click();
  await expect(page.getByRole('option', { name: coordinator.full_name, exact: true })).toBeVisible();
  await page.getByRole('option', { name: coordinator.full_name, exact: true }).click();
  await expect(worker).toHaveValue(coordinator.full_name);
  expect(await violationsOf(page, "an Admin's intake with a worker")).toEqual([]);

  // Deactivated, the worker's page says where their clients would go, and links to them.
  await page.goto(`/user/${leaving}`);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Deactivate/ })
    .click();
  await expect(
    page.getByText('Their clients are now unassigned and can be reassigned from the client list.'),
  ).toBeVisible();
  expect(await violationsOf(page, 'a deactivated worker')).toEqual([]);
  await page.getByRole('link', { name: 'See the unassigned clients' }).click();
  await expect(page).toHaveURL(/\/clients\?worker=none/);
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('Unassigned clients');
});
