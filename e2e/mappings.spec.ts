import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { choose } from './support/forms.ts';
import { createMapping, fillMappingForm } from './support/mappings.ts';
import { card, createPlan } from './support/plans.ts';
import { checkWidth } from './support/screen-width.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

/** The item page's Disable, confirmed in its dialog. */
async function disableItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Disable' }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog).toHaveCount(0);
}

test('an Admin manages the catalogue, and a Coordinator is offered its new state', async ({
  page,
  browser,
}) => {
  // A long journey (every list and dialog of the screen): three times the usual time on a busy machine.
  test.slow();
  const id = unique();
  const barrier = `Eviction risk ${id}`;
  const support = `Interview clothing ${id}`;
  const training = `Forklift safety ${id}`;
  const longDescription = 'Facing an eviction notice or arrears that put the current housing at risk.';
  const violations: string[] = [];

  await signInQuickly(page, DEMO.admin);
  // The settings menu leads to Mappings.
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Mappings' }).click();
  await expect(page).toHaveURL(/\/mappings$/);
  await expect(page).toHaveTitle('Mappings | Cairn');
  await expect(page.getByRole('heading', { level: 1, name: 'Mappings' })).toBeVisible();
  for (const list of ['Supports', 'Trainings', 'Barriers']) {
    await expect(page.getByRole('heading', { level: 2, name: list })).toBeVisible();
  }
  await expect(page.getByText(/^\d+ active · \d+ disabled$/)).toHaveCount(3);
  violations.push(...(await violationsOf(page, 'mappings home')));

  // A barrier without a reporting type: the form checks first, then saves.
  await page.getByRole('link', { name: 'Manage barriers' }).click();
  await expect(page).toHaveURL(/\/mapping\/barriers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Barriers' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('columnheader', { name: 'Category' })).toBeVisible();
  violations.push(...(await violationsOf(page, 'barrier list')));
  await page.getByRole('link', { name: 'New Barrier' }).click();
  await expect(page).toHaveTitle('New Barrier | Cairn');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2); // name and category
  await expect(page.getByText('0 / 350')).toHaveCount(2); // the description and its French
  violations.push(...(await violationsOf(page, 'barrier form')));
  await fillMappingForm(page, { name: barrier, category: 'Financial', description: longDescription });
  await expect(page.getByText(`${longDescription.length} / 350`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The barrier was successfully created.')).toBeVisible();
  await expect(page).toHaveURL(/\/mapping\/barriers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: barrier })).toBeVisible();
  await expect(page.getByText('Financial')).toBeVisible();
  await expect(page.getByText(longDescription)).toBeVisible();
  await expect(page.getByText('Reporting Type')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to all barriers' })).toBeVisible();
  violations.push(...(await violationsOf(page, 'barrier view')));

  // Disabling it is refused: it has no mapping (spec §4, §8).
  await disableItem(page, barrier);
  await expect(page.getByText('The barrier is missing a mapping.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);

  // The list shows it with its description cut at 50 characters, and finds it by search.
  await page.getByRole('link', { name: 'Back to all barriers' }).click();
  await page.getByRole('searchbox', { name: 'Search barriers' }).fill(`eviction ${id}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: barrier }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`${longDescription.slice(0, 50).trimEnd()}...`)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match

  // A support, then edited.
  await createMapping(
    page,
    'supports',
    { name: support, category: 'Employment', reportingType: 'Job search and placement' },
    'The support was successfully created.',
  );
  await expect(page.getByText('Job search and placement')).toBeVisible();
  await expect(page.getByText('Description', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(support);
  await expect(page.getByRole('combobox', { name: 'Reporting Type' })).toHaveValue(
    'Job search and placement',
  );
  violations.push(...(await violationsOf(page, 'support edit form')));
  await fillMappingForm(page, { category: 'Misc', description: 'Clothing for job interviews.' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The support was successfully updated.')).toBeVisible();
  await expect(page.getByText('Clothing for job interviews.')).toBeVisible();
  await expect(page.getByText('Misc')).toBeVisible();

  // Disabled and restored, then disabled for good.
  await disableItem(page, support);
  await expect(page.getByText('The support was successfully disabled.')).toBeVisible();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('The support was successfully restored.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();
  await disableItem(page, support);
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to all supports' }).click();
  await page.getByRole('searchbox', { name: 'Search supports' }).fill(support);
  await expect(page.getByRole('link', { name: support })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Disabled' }).click();
  await expect(page).toHaveURL(/\/mapping\/supports\?tab=disabled$/);
  await expect(page.getByRole('link', { name: support })).toBeVisible();

  // A training, with its certificate; its list has no Category column.
  await createMapping(
    page,
    'trainings',
    { name: training, reportingType: 'Workplace safety certification', certificate: true },
    'The training was successfully updated.',
  );
  await expect(page.getByText('Certificate')).toBeVisible();
  await expect(page.getByText('Yes', { exact: true })).toBeVisible();
  await expect(page.getByText('Category')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to all trainings' }).click();
  await expect(page.getByRole('link', { name: training })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Category' })).toHaveCount(0);

  expect(violations).toEqual([]);

  // A Coordinator, in a browser of their own: the new barrier in the new-plan wizard, the
  // disabled support no longer among a plan's supports to add.
  const context = await browser.newContext();
  const coordinator = await context.newPage();
  const wizardClient = await createClient(coordinator.request, { last_name: `Mapped${id}` });
  const planClient = await createClient(coordinator.request, { last_name: `Planned${id}` });
  const planId = await createPlan(coordinator.request, planClient.token, planClient.id);
  await signInQuickly(coordinator, DEMO.coordinator);
  await coordinator.goto(`/client/${wizardClient.id}/plan/create`);
  await choose(coordinator, 'Current Employment', 'Unemployed');
  await coordinator
    .getByRole('radiogroup', { name: 'Apprentice' })
    .getByRole('radio', { name: 'No' })
    .check();
  await coordinator.getByRole('button', { name: 'Next' }).click();
  const offeredBarriers = coordinator.getByRole('region', { name: 'Add Barriers' });
  await offeredBarriers.getByRole('tab', { name: 'Financial' }).click();
  await expect(offeredBarriers.getByRole('button', { name: card(barrier) })).toBeVisible();

  await coordinator.goto(`/client/${planClient.id}/plan/${planId}`);
  await coordinator.getByRole('tab', { name: 'Supports', exact: true }).click();
  const offeredSupports = coordinator.getByRole('region', { name: 'Add Supports' });
  await offeredSupports.getByRole('tab', { name: 'Employment' }).click();
  await expect(offeredSupports.getByRole('button', { name: card('Job search assistance') })).toBeVisible();
  await offeredSupports.getByRole('tab', { name: 'Misc' }).click();
  await expect(offeredSupports.getByRole('button', { name: card('Other') })).toBeVisible();
  await expect(offeredSupports.getByRole('button', { name: card(support) })).toHaveCount(0);
  await context.close();
});

test('a change shows in the lists of a plan opened before it, without a reload', async ({
  page,
  request,
}) => {
  const id = unique();
  const support = `Tool library ${id}`;
  const { id: clientId, token } = await createClient(request, { last_name: `Refreshed${id}` });
  const planId = await createPlan(request, token, clientId);
  await signInQuickly(page, DEMO.admin);
  await page.goto(`/client/${clientId}/plan/${planId}`);
  await page.getByRole('tab', { name: 'Supports', exact: true }).click();
  const offered = page.getByRole('region', { name: 'Add Supports' });
  const search = offered.getByRole('searchbox', { name: 'Search supports' });
  await search.fill(support);
  await expect(offered.getByText('There are no search results.')).toBeVisible();
  // Set on this page's window: gone if the app were loaded again.
  await page.evaluate(() => Reflect.set(window, 'cairnStillHere', true));

  // To Mappings and back through the app's own links and the browser's history.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Mappings' }).click();
  await page.getByRole('link', { name: 'Manage supports' }).click();
  await page.getByRole('link', { name: 'New Support' }).click();
  await fillMappingForm(page, { name: support, category: 'Misc', reportingType: 'Financial assistance' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The support was successfully created.')).toBeVisible();
  await expect(page).toHaveURL(/\/mapping\/supports\/\d+$/);
  for (let i = 0; i < 3; i++) await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/client/${clientId}/plan/${planId}\\?tab=supports$`));
  await search.fill(support);
  await expect(offered.getByRole('button', { name: card(support) })).toBeVisible();

  for (let i = 0; i < 3; i++) await page.goForward();
  await disableItem(page, support);
  await expect(page.getByText('The support was successfully disabled.')).toBeVisible();
  for (let i = 0; i < 3; i++) await page.goBack();
  await search.fill(support);
  await expect(offered.getByText('There are no search results.')).toBeVisible();
  expect(await page.evaluate(() => Reflect.get(window, 'cairnStillHere'))).toBe(true);
});

test("the 'Other' item cannot be disabled nor renamed; a name is taken once; unknown lists and items are not found", async ({
  page,
}) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/mapping/trainings');
  await page.getByRole('searchbox', { name: 'Search trainings' }).fill('Other');
  await page.getByRole('link', { name: 'Other', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Other' })).toBeVisible();
  await expect(page.getByText("This is the list's 'Other' item")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A name another active item of the list has is refused, on the name, with nothing typed lost.
  await page.goto('/mapping/supports/new');
  await fillMappingForm(page, {
    name: 'Job placement',
    category: 'Employment',
    reportingType: 'Job search and placement',
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.locator('form').getByText('Another active item of this list already has this name.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/mapping\/supports\/new$/);
  await expect(page.getByRole('combobox', { name: 'Reporting Type' })).toHaveValue(
    'Job search and placement',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Yes, Cancel' })
    .click();
  await expect(page).toHaveURL(/\/mapping\/supports$/);

  for (const path of ['/mapping/courses', '/mapping/barriers/abc', '/mapping/barriers/999999']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('a Coordinator may not open Mappings', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/mappings');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Mappings screens fit a 390 px wide window, lists as cards', async ({ page }) => {
    const found: string[] = [];
    await signInQuickly(page, DEMO.admin);
    await page.goto('/mappings');
    await checkWidth(page, 'mappings home', page.getByRole('link', { name: 'Manage barriers' }), found);
    for (const kind of ['barriers', 'supports', 'trainings']) {
      await page.goto(`/mapping/${kind}`);
      await checkWidth(page, `${kind} list`, page.getByRole('table').getByRole('link').first(), found);
      await page.getByRole('tab', { name: 'Disabled' }).click();
      await checkWidth(page, `${kind} list, disabled`, page.getByRole('table'), found);
      await page.goto(`/mapping/${kind}/new`);
      await checkWidth(page, `new ${kind} form`, page.getByRole('button', { name: 'Save' }), found);
    }
    await page.goto('/mapping/barriers');
    await page.getByRole('table').getByRole('link').first().click();
    await checkWidth(page, 'barrier view', page.getByRole('link', { name: 'Back to all barriers' }), found);
    await page.getByRole('button', { name: 'Edit' }).click();
    await checkWidth(page, 'barrier edit form', page.getByRole('button', { name: 'Save' }), found);
    found.push(...(await violationsOf(page, 'barrier edit form on a phone')));
    expect(found).toEqual([]);
  });
});
