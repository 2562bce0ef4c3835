import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { createPlan } from './support/plans.ts';
import { apiToken, DEMO, signInQuickly, unique } from './support/session.ts';

/** The API calls a page makes from now on, as 'METHOD path'. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

async function expectNoAccess(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'No access' }), path).toBeVisible();
  await expect(page, path).toHaveTitle('No access | Cairn');
  await expect(page.getByRole('heading', { name: 'Oops' }), path).toHaveCount(0);
}

async function expectNotFound(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Not found' }), path).toBeVisible();
  await expect(page, path).toHaveTitle('Not found | Cairn');
  await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { name: 'Oops' }), path).toHaveCount(0);
}

test.describe('deleting a record leaves its screen without asking for it again', () => {
  test('a deleted plan leads to the client profile, never to the error page', async ({ page, request }) => {
    const last = `Deleted${unique()}`;
    const { id, token } = await createClient(request, { first_name: 'Pat', last_name: last });
    const planId = await createPlan(request, token, id);
    await signInQuickly(page, DEMO.coordinator);
    // From the profile, as a user would: the profile's screen is then loaded and shows at once.
    await page.goto(`/client/${id}`);
    await page.getByRole('navigation', { name: 'Client menu' }).getByRole('link', { name: /Open/ }).click();
    await expect(page.getByRole('tablist', { name: 'Plan profile' })).toBeVisible();

    const calls = recordCalls(page);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Plan' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The plan was successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/client/${id}$`));
    await expect(page.getByRole('heading', { name: `Pat ${last}` })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Client menu' }).getByText('No plans yet.'),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Oops' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Not found' })).toHaveCount(0);
    expect(calls).toContain(`DELETE /api/plans/${planId}`);
    expect(calls.filter((c) => c.startsWith('GET') && c.includes(`/api/plans/${planId}`))).toEqual([]);
  });

  test('a deleted client leads to the client list, never to the error page', async ({ page, request }) => {
    const last = `Gone${unique()}`;
    const { id } = await createClient(request, { first_name: 'Temp', last_name: last });
    await signInQuickly(page, DEMO.coordinator);
    await page.goto(`/clients?s=${last}`);
    await page.getByRole('link', { name: `Temp ${last}` }).click();
    await expect(page.getByRole('heading', { name: `Temp ${last}` })).toBeVisible();

    const calls = recordCalls(page);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Client' });
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The client was successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/clients$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Oops' })).toHaveCount(0);
    expect(calls).toContain(`DELETE /api/clients/${id}`);
    expect(calls.filter((c) => c === `GET /api/clients/${id}`)).toEqual([]);
  });

  test('a deleted user leads to the user list, never to the error page', async ({ page }) => {
    const tag = unique();
    const token = await apiToken(page.request, DEMO.admin);
    const created = await page.request.post('/api/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        first_name: 'Leaving',
        last_name: `User${tag}`,
        email: `leaving.${tag}@example.ca`,
        centre: null,
        roles: [{ role_id: 1 }],
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    await signInQuickly(page, DEMO.admin);
    await page.goto('/users');
    await page.getByRole('link', { name: `Leaving User${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/user/${id}$`));
    // The profile's own read is answered before the calls after it are recorded: its Delete
    // button shows only once the user is loaded (the email alone could still be the list's row,
    // shown while the profile's screen loads).
    const deleteButton = page.getByRole('button', { name: 'Delete' });
    await expect(deleteButton).toBeVisible();
    await expect(page.getByText(`leaving.${tag}@example.ca`)).toBeVisible();

    const calls = recordCalls(page);
    await deleteButton.click();
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The user was successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('link', { name: `Leaving User${tag}` })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Oops' })).toHaveCount(0);
    expect(calls).toContain(`DELETE /api/users/${id}`);
    expect(calls.filter((c) => c === `GET /api/users/${id}`)).toEqual([]);
  });
});

const homes = [
  { who: 'Admin', email: DEMO.admin, home: /\/clients$/ },
  { who: 'Coordinator', email: DEMO.coordinator, home: /\/my-work$/ },
  { who: 'Reporter', email: DEMO.reporter, home: /\/reports$/ },
];

for (const { who, email, home } of homes) {
  test(`${who}: the root address and every 'Back to home page' lead to the landing screen`, async ({
    page,
  }) => {
    await signInQuickly(page, email);
    await page.goto('/');
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { name: 'No access' })).toHaveCount(0);

    // The error page (an unknown address).
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Oops' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home page' }).click();
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { name: 'No access' })).toHaveCount(0);

    // The not-found page.
    await page.goto('/client/999999999');
    await expect(page.getByRole('heading', { name: /Not found|No access/ })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home page' }).click();
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { name: /Not found|No access/ })).toHaveCount(0);
  });
}

test('a Coordinator is refused the screens of Admins, and opens their own account', async ({ page }) => {
  const session = await signInQuickly(page, DEMO.coordinator);
  const adminToken = await apiToken(page.request, DEMO.admin);
  const users = (await (
    await page.request.get('/api/users', { headers: { Authorization: `Bearer ${adminToken}` } })
  ).json()) as Array<{ user_id: number; email: string }>;
  const adminId = users.find((u) => u.email === DEMO.admin)!.user_id;
  const centres = (await (
    await page.request.get('/api/centres', { headers: { Authorization: `Bearer ${session.accessToken}` } })
  ).json()) as Array<{ centre_id: number }>;

  const calls = recordCalls(page);
  for (const path of [
    '/users',
    '/user/create',
    `/user/${adminId}`,
    '/centres',
    '/centre/create',
    `/centre/${centres[0]!.centre_id}`,
    '/mappings',
    '/mapping/barriers',
  ]) {
    await expectNoAccess(page, path);
  }
  // Refused before anything was asked of the API.
  expect(calls.filter((c) => /\/api\/(users|centres)/.test(c))).toEqual([]);

  await page.goto(`/user/${session.user.user_id}`);
  await expect(page.getByRole('heading', { name: 'Coordinator Profile' })).toBeVisible();
});

test('a Reporter is refused every screen but Reports, help and their own account', async ({
  page,
  request,
}) => {
  const { id, token } = await createClient(request, { first_name: 'Rey', last_name: `Hidden${unique()}` });
  const planId = await createPlan(request, token, id);
  const session = await signInQuickly(page, DEMO.reporter);
  const calls = recordCalls(page);
  for (const path of [
    '/clients',
    '/client/create',
    `/client/${id}`,
    `/client/${id}/plan/create`,
    `/client/${id}/plan/${planId}`,
    `/client/${id}/stories`,
    '/interaction',
    '/groups',
    '/group/create',
    '/users',
    '/user/create',
    '/centres',
    '/centre/create',
    '/mappings',
    '/documents',
  ]) {
    await expectNoAccess(page, path);
  }
  expect(calls.filter((c) => /\/api\/(clients|plans|users|centres)/.test(c))).toEqual([]);

  for (const path of ['/reports', '/help', `/user/${session.user.user_id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No access' }), path).toHaveCount(0);
  }
});

test('an Admin is refused the group screens, which are the Coordinators’', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  for (const path of ['/groups', '/group/create', '/group/1']) await expectNoAccess(page, path);
});

test('a record that does not exist, or is another centre’s, shows the not-found page', async ({
  page,
  request,
}) => {
  const { id, token } = await createClient(request, { first_name: 'Nia', last_name: `Found${unique()}` });
  const planId = await createPlan(request, token, id);
  await signInQuickly(page, DEMO.coordinator);
  await expectNotFound(page, '/client/999999999');
  await expectNotFound(page, `/client/${id}/plan/999999999`);
  await expectNotFound(page, '/client/999999999/stories');
  // The same records for a Coordinator of another centre.
  await signInQuickly(page, DEMO.coordinator2);
  await expectNotFound(page, `/client/${id}`);
  await expectNotFound(page, `/client/${id}/plan/${planId}`);
  // An Admin's records.
  await signInQuickly(page, DEMO.admin);
  await expectNotFound(page, '/user/999999999');
  await expectNotFound(page, '/centre/999999999');
  // Leaving the page leaves the refusal behind: the client opens normally.
  await page.goto(`/client/${id}`);
  await expect(page.getByRole('heading', { name: /^Nia Found/ })).toBeVisible();
});

test('the no-access and not-found pages pass the WCAG 2.1 AA checks of axe', async ({ page }) => {
  await signInQuickly(page, DEMO.reporter);
  const found: string[] = [];
  for (const [path, heading] of [
    ['/clients', 'No access'],
    ['/user/999999999', 'No access'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    found.push(...(await violationsOf(page, path)));
  }
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/client/999999999');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  found.push(...(await violationsOf(page, 'not found')));
  expect(found).toEqual([]);
});
