import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { card, createPlan, todayIso } from './support/plans.ts';
import { checkWidth } from './support/screen-width.ts';
import { apiToken, DEMO, signIn, signInQuickly, unique } from './support/session.ts';

// Staff use Cairn on phones: every screen fits a 390 px wide window, as each role that opens it.
test.use({ viewport: { width: 390, height: 844 } });
// Each journey walks through many screens.
test.describe.configure({ timeout: 240_000 });

/** A web address in a note or a story: a long word with no place to break. */
const LINK = 'https://www.jobbank.gc.ca/jobsearch/jobposting/41234567?source=searchresults&province=SK';

/** A client with long answers (spec §9 maxima in sight) and a plan holding every kind of record. */
async function longCase(request: APIRequestContext) {
  const tag = unique();
  const lastName = `Kakeeway-Whitehorse-${tag}`;
  const { id: clientId, token } = await createClient(request, {
    first_name: 'Maximiliana-Genevieve',
    last_name: lastName,
    email: `maximiliana.genevieve.kakeeway-whitehorse.${tag}@northern-lights-employment-centre.example.ca`,
    phone: '(306) 555-0199 ext. 12345',
    address: '1234 Long Meadow Crescent Northwest, Apartment 1502, Building C',
    city: "Fort Qu'Appelle-by-the-Lakes",
  });
  const headers = { Authorization: `Bearer ${token}` };
  const send = async (method: 'post' | 'put', url: string, data: unknown) => {
    const res = await request[method](url, { headers, data });
    expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  };
  const catalogue = async (kind: 'barriers' | 'supports' | 'trainings') => {
    const res = await request.get(`/api/${kind}`, { headers });
    const items = (await res.json()) as Array<Record<string, unknown> & { name: string }>;
    const key = `${kind.slice(0, -1)}_id`;
    return (name: string) => items.find((item) => item.name === name)![key] as number;
  };
  const barrier = await catalogue('barriers');
  const support = await catalogue('supports');
  const training = await catalogue('trainings');

  const planId = await createPlan(request, token, clientId, {
    barriers: [
      { barrier_id: barrier('Low or no income') },
      {
        barrier_id: barrier('Other'),
        other_name: 'Waiting for a renewed status card from Indigenous Services',
      },
    ],
  });
  await send('put', `/api/plans/${planId}/supports`, [
    { support_id: support('Resume and cover letter help') },
    {
      support_id: support('Other'),
      other_name: 'Help filling in the forms for the northern living allowance',
    },
  ]);
  await send('put', `/api/plans/${planId}/trainings`, [
    { training_id: training('Standard First Aid and CPR'), date: todayIso(), noc: '7237' },
    {
      training_id: training('Other'),
      date: todayIso(),
      other_name: 'Pre-apprenticeship welding and metal fabrication, level one',
    },
  ]);
  for (const [date, item, value, description] of [
    [
      todayIso(),
      'Steel-toed boots and a welding helmet for the pre-apprenticeship',
      1234.5,
      `Size 10 boots and an auto-darkening helmet from the safety supply store on Main Street; receipt at ${LINK}`,
    ],
    ['2025-06-15', 'Monthly bus pass', 92, ''],
  ] as const) {
    await send('post', '/api/spendings', {
      plan_id: planId,
      date,
      item,
      value,
      work_gear: true,
      description,
    });
  }
  await send('post', '/api/notes', {
    plan_id: planId,
    topic: 'Resume review with the employment counsellor at the centre',
    date: todayIso(),
    notes: `Went through the resume line by line and applied to the posting at ${LINK} together. `.repeat(4),
    flag: true,
  });
  await send('post', '/api/stories', {
    client_id: clientId,
    date: todayIso(),
    writeup: `Finished the welding course and was hired by a local shop; the posting was ${LINK}. `.repeat(3),
  });
  await send('put', `/api/clients/${clientId}/interactions`, [
    { interaction_id: 1, date: todayIso(), count: 3 },
  ]);
  return { clientId, planId, lastName };
}

/** The page's one first-level heading, shown once the screen has what it needs. */
const heading = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** What shows a screen is drawn: its heading, and on Reports the dashboard inside its frame. */
const screenReady = (page: Page, path: string) =>
  path === '/reports'
    ? page
        .frameLocator('iframe[title="Clients dashboard"]')
        .getByRole('heading', { level: 1, name: 'Clients' })
    : heading(page);

/** Opens the burger's drawer, checks it, and closes it again. */
async function checkDrawer(page: Page, screen: string, found: string[]) {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await checkWidth(page, `${screen} navigation drawer`, page.getByRole('dialog'), found);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Opens a dialog with `open`, checks it, and closes it with its `close` button. */
async function checkDialog(
  page: Page,
  screen: string,
  open: Locator,
  name: string,
  found: string[],
  close = 'Cancel',
) {
  await open.click();
  const dialog = page.getByRole('dialog', { name });
  await checkWidth(page, screen, dialog, found);
  await dialog.getByRole('button', { name: close, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('signed out: the login, forgot-password and reset-password screens fit a phone', async ({
  page,
  request,
}) => {
  const found: string[] = [];
  await page.goto('/login');
  await checkWidth(page, 'login', heading(page, 'Sign in'), found);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await checkWidth(page, 'login with errors', heading(page, 'Sign in'), found);

  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await checkWidth(page, 'forgot password', heading(page, 'Forgot your password?'), found);
  // A user of its own with a long address, so no other journey's sign-in is disturbed.
  const token = await apiToken(request, DEMO.admin);
  const email = `alexandrine.okimawininew-beauchesne.${unique()}@prairie-pathways-training-centre.example.ca`;
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      first_name: 'Alexandrine',
      last_name: 'Okimawininew',
      email,
      centre: { centre_id: 1 },
      roles: [{ role_id: 2 }],
    },
  });
  expect(created.status()).toBe(201);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request New Password' }).click();
  await checkWidth(page, 'reset link sent', heading(page, 'Check your inbox'), found);

  await page.getByTestId('demo-reset-link').click();
  await checkWidth(page, 'set new password', heading(page, 'Set New Password'), found);
  await page.getByLabel('New Password').fill('Granite-Harbour-58');
  await page.getByLabel('Confirm Password').fill('Granite-Harbour-58');
  await checkWidth(page, 'set new password, filled', page.getByTestId('password-strength'), found);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await checkWidth(page, 'password changed', heading(page, 'Success'), found);

  await page.goto('/login/reset-password?token=nothing&id=1');
  await checkWidth(page, 'invalid reset link', heading(page, 'Invalid link'), found);

  expect(found).toEqual([]);
});

test("a Coordinator's client screens fit a phone: list cards, profile, intake and interactions", async ({
  page,
  request,
}) => {
  const { clientId, lastName } = await longCase(request);
  const found: string[] = [];
  // Sign-in through the screen: on a phone a Coordinator lands on the interaction page.
  await signIn(page, DEMO.coordinator);
  await expect(page).toHaveURL(/\/interaction$/);
  await checkWidth(page, 'interaction page', heading(page, 'Client Interaction'), found);
  await page.getByRole('combobox', { name: 'Client' }).fill(lastName);
  await checkWidth(page, 'interaction page, client found', page.getByRole('option').first(), found);
  await page.getByRole('option').first().click();
  await checkWidth(page, 'interaction page, client chosen', heading(page), found);
  await checkDrawer(page, 'interaction page', found);

  // The clients list: a card per client, each row still a row named by its client.
  await page.goto(`/clients?s=${lastName}`);
  const row = page.getByRole('table', { name: 'Clients' }).getByRole('row', { name: new RegExp(lastName) });
  await checkWidth(page, 'clients list', row, found);
  await expect(row.getByRole('link', { name: new RegExp(lastName) })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Last Updated' })).toBeVisible();
  found.push(...(await violationsOf(page, 'clients list')));
  await page.goto('/clients');
  await checkWidth(page, 'clients list, first page', page.getByRole('table', { name: 'Clients' }), found);

  // The profile: the client's name and tabs come first, the side menu after them.
  await page.goto(`/client/${clientId}`);
  const name = heading(page, new RegExp(lastName));
  await checkWidth(page, 'client profile', name, found);
  const menu = page.getByRole('navigation', { name: 'Client menu' });
  expect((await name.boundingBox())!.y).toBeLessThan((await menu.boundingBox())!.y);
  expect((await page.getByRole('tablist', { name: 'Client profile' }).boundingBox())!.y).toBeLessThan(
    (await menu.boundingBox())!.y,
  );
  await page.getByRole('button', { name: 'Edit' }).click();
  await checkWidth(page, 'client profile, editing', page.getByRole('button', { name: 'Save' }), found);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await checkDialog(
    page,
    'delete client',
    page.getByRole('button', { name: 'Delete' }),
    'Delete Client',
    found,
  );
  const tabs = page.getByRole('tablist', { name: 'Client profile' });
  for (const tab of ['Demographic', 'Ancestry', 'Attachments']) {
    await tabs.getByRole('tab', { name: tab }).click();
    await checkWidth(page, `client ${tab} tab`, page.getByRole('tabpanel', { name: tab }), found);
  }
  await tabs.getByRole('tab', { name: 'Client Interactions' }).click();
  const sums = page.getByRole('table', { name: 'Interactions by type' });
  await checkWidth(page, 'client interactions tab', sums, found);
  await expect(sums.getByRole('row', { name: /^In person/ }).getByRole('cell', { name: '3' })).toBeVisible();
  found.push(...(await violationsOf(page, 'client interactions tab')));
  await checkDialog(
    page,
    'add interaction',
    page.getByRole('button', { name: 'Add Interaction' }),
    'Client Interaction',
    found,
  );

  // The intake, its four steps, with the long client's name and birth date: a duplicate warning.
  await page.goto('/client/create');
  await checkWidth(page, 'intake step 1', heading(page, 'New Client'), found);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Maximiliana-Genevieve');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(lastName);
  await page.getByLabel('Date of Birth').fill('1990-05-14');
  await page.getByRole('button', { name: 'Next' }).click();
  await checkWidth(page, 'intake step 2 with a duplicate warning', page.getByRole('alert').first(), found);
  await page.getByRole('radiogroup', { name: 'Disability' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('combobox', { name: 'Citizenship' }).click();
  await page.getByRole('option', { name: 'Canadian citizen' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const indigenous = page.getByRole('radiogroup', { name: 'Indigenous', exact: true });
  await indigenous.getByRole('radio', { name: 'Yes' }).check();
  await checkWidth(page, 'intake step 3', page.getByRole('combobox', { name: 'Ancestry' }), found);
  await indigenous.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await checkWidth(page, 'intake step 4', page.getByRole('heading', { name: 'Step 4 of 4: Consent' }), found);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await checkDialog(
    page,
    'cancel intake',
    page.getByRole('button', { name: 'Cancel' }),
    'Cancel New Intake?',
    found,
    'No, Continue',
  );

  expect(found).toEqual([]);
});

test("a Coordinator's plan screens fit a phone: the wizard, every tab and its forms", async ({
  page,
  request,
}) => {
  const { clientId, planId, lastName } = await longCase(request);
  const fresh = await createClient(request, {
    first_name: 'Bartholomew-Alexander',
    last_name: `Papequash-Delorme-${unique()}`,
  });
  const found: string[] = [];
  await signInQuickly(page, DEMO.coordinator);

  // The new plan wizard: plan info, then the barriers with a named Other.
  await page.goto(`/client/${fresh.id}/plan/create`);
  await checkWidth(page, 'new plan step 1', heading(page, 'New Plan'), found);
  await page.getByRole('combobox', { name: 'Current Employment' }).click();
  await page.getByRole('option', { name: 'Unemployed', exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await checkWidth(
    page,
    'new plan step 2',
    page.getByRole('heading', { name: 'What barriers do you face?' }),
    found,
  );
  await page.getByRole('tab', { name: 'Personal' }).click();
  const other = page
    .getByRole('region', { name: 'Add Barriers' })
    .getByRole('button', { name: card('Other') });
  await other.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Other.')).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Other is over Plan Barriers.')).toBeAttached();
  await page.keyboard.press('Space');
  const naming = page.getByRole('dialog', { name: 'Add barrier' });
  await checkWidth(page, 'new plan, naming Other', naming, found);
  await naming.getByRole('button', { name: 'Cancel' }).click();

  // The plan's tabs, each with its records and forms.
  await page.goto(`/client/${clientId}/plan/${planId}`);
  await checkWidth(page, 'plan info', heading(page, new RegExp(lastName)), found);
  const tabs = page.getByRole('tablist', { name: 'Plan profile' });
  const open = async (tab: string) => {
    await tabs.getByRole('tab', { name: tab }).click();
    await expect(tabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  };
  await page.getByRole('button', { name: 'Edit' }).click();
  await checkWidth(page, 'plan info, editing', page.getByRole('button', { name: 'Save' }), found);
  await page.getByRole('button', { name: 'Cancel' }).click();
  for (const [tab, shown] of [
    ['Barriers', 'Waiting for a renewed status card'],
    ['Supports', 'Help filling in the forms'],
    ['Trainings', 'Pre-apprenticeship welding'],
  ] as const) {
    await open(tab);
    await checkWidth(page, `plan ${tab} tab`, page.getByText(new RegExp(shown)).first(), found);
  }
  // A training's two-step dialog: its date, then its NOC code.
  await page.getByRole('button', { name: 'Add WHMIS' }).click();
  const training = page.getByRole('dialog', { name: 'Add training' });
  await checkWidth(page, 'training dialog, date', training, found);
  await training.getByRole('button', { name: 'Next' }).click();
  await checkWidth(page, 'training dialog, NOC', training.getByRole('textbox', { name: 'NOC code' }), found);
  await training.getByRole('button', { name: 'Back' }).click();
  await training.getByRole('button', { name: 'Cancel' }).click();
  await expect(training).toHaveCount(0);

  // Spendings: a card per line with its money and date in sight, the detail and the form.
  await open('Spendings');
  const lines = page.getByRole('table', { name: 'Line items' });
  const boots = lines.getByRole('row', { name: /Steel-toed boots/ });
  await checkWidth(page, 'spendings', boots, found);
  await expect(boots.getByRole('cell', { name: '$1,234.50', exact: true })).toBeVisible();
  await expect(
    lines
      .getByRole('row', { name: /Monthly bus pass/ })
      .getByRole('cell', { name: 'Jun 15, 2025', exact: true }),
  ).toBeVisible();
  found.push(...(await violationsOf(page, 'spendings')));
  await boots.getByRole('button').click();
  await checkWidth(page, 'line item', page.getByRole('button', { name: 'Back to spendings' }), found);
  await page.getByRole('button', { name: 'Edit' }).click();
  await checkWidth(
    page,
    'line item, editing',
    page.getByRole('textbox', { name: 'Item', exact: true }),
    found,
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Back to spendings' }).click();
  await page.getByRole('button', { name: 'New Line Item' }).click();
  await checkWidth(page, 'new line item', page.getByRole('textbox', { name: 'Item', exact: true }), found);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await open('Notes');
  await checkWidth(page, 'notes', page.getByRole('list', { name: 'Notes' }), found);
  await page.getByRole('button', { name: 'New Note' }).click();
  await checkWidth(page, 'new note', page.getByLabel('Topic'), found);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await open('Outcome');
  await checkWidth(page, 'outcome', page.getByRole('button', { name: 'Add Outcome' }), found);
  await page.getByRole('button', { name: 'Add Outcome' }).click();
  await checkWidth(page, 'new outcome', page.getByRole('combobox', { name: 'Program Outcome' }), found);

  expect(found).toEqual([]);
});

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
