import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { openAddBulk } from './support/groups.ts';
import { createPlan } from './support/plans.ts';
import { apiToken, DEMO, signInQuickly, unique } from './support/session.ts';

/**
 * A double-click (or a double tap) on Save makes one record, on every form that creates one: the
 * button is disabled with its loader while the save is under way, and every create carries one
 * Idempotency-Key per form, so a second request that slips through replays the first.
 */

/**
 * Holds the create requests (`method` on a path matching `path`) until `release()`, recording the
 * Idempotency-Key each carried, so the journey can see the Save button busy in the meantime.
 */
async function holdCreates(page: Page, method: string, path: RegExp) {
  const keys: Array<string | undefined> = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      const request = route.request();
      if (request.method() !== method) return route.fallback();
      keys.push(request.headers()['idempotency-key']);
      await released;
      await route.fallback();
    },
  );
  return { keys, release };
}

/**
 * Double-clicks `save`, checks it is disabled while the held create is under way, lets the
 * create through, and checks what was sent: at least one request, every one with the same key.
 */
async function doubleSave(page: Page, save: Locator, method: string, path: RegExp) {
  const held = await holdCreates(page, method, path);
  await save.dblclick();
  await expect(save).toBeDisabled();
  await expect.poll(() => held.keys.length).toBeGreaterThan(0);
  held.release();
  expect(held.keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(new Set(held.keys).size).toBe(1);
}

/** GET through the API as `token`: the journey's own check of what was stored. */
async function read(request: APIRequestContext, token: string, url: string) {
  const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Chooses an answer in a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A client with an open plan, its plan profile open on `tab`. */
async function planTab(page: Page, request: APIRequestContext, tab: string) {
  const { id: clientId, token } = await createClient(request, { last_name: `Twice${unique()}` });
  const planId = await createPlan(request, token, clientId);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${clientId}/plan/${planId}`);
  await page.getByRole('tab', { name: tab }).click();
  return { clientId, planId, token };
}

test('a double-click on Save at intake step 4 makes one client', async ({ page, request }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/client/create');
  const last = `Doubleclick${unique()}`;
  await page.getByRole('textbox', { name: 'First Name' }).fill('Noor');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(last);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radiogroup', { name: 'Disability' }).getByRole('radio', { name: 'No' }).check();
  await choose(page, 'Citizenship', 'Canadian citizen');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radiogroup', { name: 'Indigenous' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4 of 4: Consent' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Consent/release form signed by client' }).check();

  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/clients$/);
  await expect(page).toHaveURL(/\/client\/\d+$/);
  await expect(page.getByRole('heading', { name: `Noor ${last}` })).toBeVisible();
  const token = await apiToken(request, DEMO.coordinator);
  const found = await read(request, token, `/api/clients/minimal?s=${last}`);
  expect(found).toHaveLength(1);
});

test('a double-click on Save in the new plan wizard makes one plan, without a refusal', async ({
  page,
  request,
}) => {
  const { id, token } = await createClient(request, { last_name: `Planned${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/plan/create`);
  await choose(page, 'Current Employment', 'Unemployed');
  await page.getByRole('radiogroup', { name: 'Apprentice' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'What barriers do you face?' })).toBeVisible();

  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/plans$/);
  await expect(page).toHaveURL(new RegExp(`/client/${id}/plan/\\d+$`));
  await expect(page.getByRole('alert').filter({ hasText: 'only be one open plan' })).toHaveCount(0);
  expect(await read(request, token, `/api/clients/${id}/plans`)).toHaveLength(1);
});

test('a double-click on Save makes one note', async ({ page, request }) => {
  const { planId, token } = await planTab(page, request, 'Notes');
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Topic').fill('Interview practice');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Went through common questions.');
  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/notes$/);
  await expect(page.getByText('The note was successfully created.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);
  expect(await read(request, token, `/api/plans/${planId}/notes`)).toHaveLength(1);
});

test('a double-click on Save makes one line item', async ({ page, request }) => {
  const { planId, token } = await planTab(page, request, 'Spendings');
  await page.getByRole('button', { name: 'New Line Item' }).click();
  await page.getByRole('textbox', { name: 'Item', exact: true }).fill('Work gloves');
  await page.getByLabel('Value').fill('24.99');
  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/spendings$/);
  await expect(page.getByText('The line item was successfully created.')).toBeVisible();
  expect(await read(request, token, `/api/plans/${planId}/spendings`)).toHaveLength(1);
});

test('a double-click on Save makes one outcome', async ({ page, request }) => {
  const { planId, token } = await planTab(page, request, 'Outcome');
  await page.getByRole('button', { name: 'Add Outcome' }).click();
  await choose(page, 'Program Outcome', 'Complete');
  await choose(page, 'Post-Program Status', 'Returned to school');
  await page
    .getByRole('radiogroup', { name: 'Received Certificate' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/outcomes$/);
  await expect(page.getByText('The outcome was successfully created.')).toBeVisible();
  await expect(page.getByText('This plan already has an outcome.')).toHaveCount(0);
  expect(await read(request, token, `/api/plans/${planId}/outcomes`)).toHaveLength(1);
});

test('a double-click on Save makes one story', async ({ page, request }) => {
  const { id, token } = await createClient(request, { last_name: `Storied${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/stories`);
  await page.getByRole('button', { name: 'New Story' }).click();
  const form = page.getByRole('form', { name: 'New Story' });
  await form.getByLabel('Write-up').fill('Started a full-time job at the lumber yard.');
  await doubleSave(page, form.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/stories$/);
  await expect(page.getByText('The story was successfully created.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await read(request, token, `/api/clients/${id}/stories`)).toHaveLength(1);
});

test('a double-click on Add Interaction records the interaction once', async ({ page, request }) => {
  const { id, token } = await createClient(request, { last_name: `Counted${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}`);
  await page.getByRole('tab', { name: 'Client Interactions' }).click();
  await page.getByRole('button', { name: 'Add Interaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Client Interaction' });
  await dialog.getByRole('button', { name: 'Increase In person' }).click();
  await doubleSave(
    page,
    dialog.getByRole('button', { name: 'Add Interaction' }),
    'PUT',
    new RegExp(`^/api/clients/${id}/interactions$`),
  );
  await expect(page.getByText('The client interaction was successfully recorded.')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('row', { name: /In person\s+1/ })).toBeVisible();
  const sums: Array<{ name: string; total: number }> = await read(
    request,
    token,
    `/api/clients/${id}/interactions`,
  );
  expect(sums.find((s) => s.name === 'In person')?.total).toBe(1);
});

test('a double-click on Save makes one user', async ({ page, request }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/user/create');
  const email = `twice.${unique()}@example.ca`;
  await page.getByRole('textbox', { name: 'First Name' }).fill('Robin');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Twice');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await choose(page, 'Centre', 'Prairie Pathways Training Centre');
  await choose(page, 'Role', 'Coordinator');
  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/users$/);
  await expect(page.getByText('The user was successfully created')).toBeVisible();
  await expect(page.getByText('A user with this email already exists.')).toHaveCount(0);
  const token = await apiToken(request, DEMO.admin);
  const users: Array<{ email: string }> = await read(request, token, '/api/users');
  expect(users.filter((u) => u.email === email)).toHaveLength(1);
});

test('a double-click on Save makes one centre', async ({ page, request }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/centre/create');
  const name = `Twice Skills Centre ${unique()}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Phone' }).fill('902-555-0101');
  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/centres$/);
  await expect(page).toHaveURL(/\/centre\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const token = await apiToken(request, DEMO.admin);
  const centres: Array<{ name: string }> = await read(request, token, '/api/centres');
  expect(centres.filter((c) => c.name === name)).toHaveLength(1);
});

test('a double-click on Save in the new group wizard makes one group', async ({ page, request }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/group/create');
  const name = `Twice ${unique()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await doubleSave(page, page.getByRole('button', { name: 'Save' }), 'POST', /^\/api\/groups$/);
  await expect(page.getByText('The group was successfully created.')).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const token = await apiToken(request, DEMO.coordinator);
  const list: { total: number } = await read(request, token, `/api/groups?s=${encodeURIComponent(name)}`);
  expect(list.total).toBe(1);
});

test('a double-click on Save in the group supports dialog records the supports once', async ({
  page,
  request,
}) => {
  const { id, token } = await createClient(request, { last_name: `Grouped${unique()}` });
  const planId = await createPlan(request, token, id);
  const res = await request.post('/api/groups', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Twice ${unique()}`, description: null, clients: [{ client_id: id }] },
  });
  const groupId = ((await res.json()) as { group_id: number }).group_id;
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/group/${groupId}`);
  await (await openAddBulk(page)).getByRole('button', { name: 'Supports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Group Supports' });
  await dialog.getByRole('tab', { name: 'Employment' }).click();
  await dialog.getByRole('button', { name: 'Add Job search assistance' }).click();
  await doubleSave(
    page,
    dialog.getByRole('button', { name: 'Save' }),
    'POST',
    new RegExp(`^/api/groups/${groupId}/bulk-create/support$`),
  );
  await expect(page.getByText('The group supports were successfully recorded.')).toBeVisible();
  const supports: unknown[] = await read(request, token, `/api/plans/${planId}/supports`);
  expect(supports).toHaveLength(1);
});
