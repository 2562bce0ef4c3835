import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { card } from './support/plans.ts';
import { checkDialog, checkDrawer, heading, longCase } from './support/phones.ts';
import { checkWidth } from './support/screen-width.ts';
import { apiToken, DEMO, signIn, signInQuickly, unique } from './support/session.ts';

// Staff use Cairn on phones: every screen fits a 390 px wide window, as each role that opens it.
test.use({ viewport: { width: 390, height: 844 } });
// Each journey walks through many screens.
test.describe.configure({ timeout: 240_000 });

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
