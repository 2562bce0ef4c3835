import { expect, test, type Page } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { createPlan, todayIso } from './support/plans.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

/** A client with one open plan, its profile open on the given tab. */
async function openPlanTab(page: Page, request: Parameters<typeof createClient>[0], tab: string) {
  const { id: clientId, token } = await createClient(request, {
    first_name: 'Tessa',
    last_name: `Birch${unique()}`,
  });
  const planId = await createPlan(request, token, clientId);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${clientId}/plan/${planId}`);
  await page.getByRole('tab', { name: tab }).click();
  return { clientId, planId, token };
}

/** Chooses an answer in a Mantine select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('line items are added, edited and deleted, with the case and fiscal-year totals', async ({
  page,
  request,
}) => {
  await openPlanTab(page, request, 'Spendings');
  await expect(page.getByText('There are no line items on this plan.')).toBeVisible();

  // A line dated today (the default), with a bad value first: nothing typed is lost.
  await page.getByRole('button', { name: 'New Line Item' }).click();
  await expect(page.getByLabel('Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  const today = await page.getByLabel('Date').inputValue();
  await page
    .getByRole('textbox', { name: 'Item', exact: true })
    .fill('Steel-toed boots for the welding course');
  await page.getByLabel('Value').fill('12.345');
  await page.getByLabel('Description').fill('Size 10, from the safety supply store');
  await expect(page.getByText('37 / 1024')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be a monetary value')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Item', exact: true })).toHaveValue(
    'Steel-toed boots for the welding course',
  );
  await page.getByLabel('Value').fill('1234.5');
  await page.getByLabel('Work Gear').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The line item was successfully created.')).toBeVisible();

  // A second line in an earlier fiscal year counts in the case total only.
  await page.getByRole('button', { name: 'New Line Item' }).click();
  await page.getByLabel('Date').fill('2020-06-15');
  await page.getByRole('textbox', { name: 'Item', exact: true }).fill('Bus pass');
  await page.getByLabel('Value').fill('2000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The line item was successfully created.').last()).toBeVisible();

  // Spec §9: 1 April and 31 March fall outside the fiscal-year total.
  const edgeDay = /-(04-01|03-31)$/.test(today);
  const caseTotal = page.getByRole('group', { name: 'Case total' });
  const fiscalTotal = page.getByRole('group', { name: /^Fiscal year \d{4}–\d{4} total$/ });
  await expect(caseTotal).toContainText('$3,234.50');
  await expect(fiscalTotal).toContainText(edgeDay ? '$0.00' : '$1,234.50');

  // Newest first, the item cut at 32 characters, short dates and money.
  const rows = page.getByRole('table', { name: 'Line items' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Steel-toed boots for the welding...');
  await expect(rows.nth(1)).toContainText('Yes');
  await expect(rows.nth(1)).toContainText('$1,234.50');
  await expect(rows.nth(2)).toContainText('Bus pass');
  await expect(rows.nth(2)).toContainText('Jun 15, 2020');
  await expect(rows.nth(2)).toContainText('$2,000.00');

  // Edit the bus pass from its detail view.
  await rows.nth(2).click();
  await expect(page.getByRole('heading', { name: 'Bus pass' })).toBeVisible();
  await expect(page.getByText('June 15, 2020')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Value').fill('2500.75');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The line item was successfully updated.')).toBeVisible();
  await expect(page.getByText('$2,500.75')).toBeVisible();
  await page.getByRole('button', { name: 'Back to spendings' }).click();
  await expect(caseTotal).toContainText('$3,735.25');

  // Delete the boots: both totals follow.
  await page
    .getByRole('button', {
      name: /^Steel-toed boots for the welding\.\.\.: Steel-toed boots for the welding course,/,
    })
    .click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Line Item' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The line item was successfully deleted.')).toBeVisible();
  await expect(caseTotal).toContainText('$2,500.75');
  await expect(fiscalTotal).toContainText('$0.00');
  await expect(rows).toHaveCount(2);
});

test('notes are written, searched without regard to case, flagged and deleted', async ({ page, request }) => {
  await openPlanTab(page, request, 'Notes');
  await expect(page.getByText('There are no notes.')).toBeVisible();

  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.getByLabel('Topic').fill('Resume review');
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill('Updated the RESUME layout together.');
  await expect(page.getByText('35 / 2048')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The note was successfully created.')).toBeVisible();

  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Topic').fill('Bus pass');
  await page
    .getByRole('textbox', { name: 'Notes', exact: true })
    .fill('Bought a monthly pass for the course.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The note was successfully created.').last()).toBeVisible();

  // Same day: the later note comes first until the earlier one is flagged.
  const items = page.getByRole('list', { name: 'Notes' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Bus pass');

  const search = page.getByRole('searchbox', { name: 'Search notes' });
  await search.fill('resume');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Resume review');
  await search.fill('MONTHLY');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Bus pass');
  await search.fill('interview');
  await expect(page.getByText('There are no search results.')).toBeVisible();
  await search.fill('');
  await expect(items).toHaveCount(2);

  const flag = items.nth(1).getByRole('button', { name: 'Flag note Resume review' });
  await expect(flag).toHaveAttribute('aria-pressed', 'false');
  await flag.click();
  await expect(page.getByText('The note was successfully updated.')).toBeVisible();
  await expect(items.first()).toContainText('Resume review');
  await expect(items.first().getByRole('button', { name: 'Flag note Resume review' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The detail pane shows the chosen note; delete it from there.
  await items
    .nth(1)
    .getByRole('button', { name: /^Bus pass/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Bus pass' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Topic').fill('Bus pass for June');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The note was successfully updated.').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bus pass for June' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Note' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The note was successfully deleted.')).toBeVisible();
  await expect(items).toHaveCount(1);
});

test('an outcome with its conditional answers closes the plan; deleting it can be refused', async ({
  page,
  request,
}) => {
  const { clientId, token } = await openPlanTab(page, request, 'Outcome');
  const menu = page.getByRole('navigation', { name: 'Client menu' });
  await expect(menu.getByRole('link', { name: 'New Plan' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('This case currently does not have an outcome.')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Outcome' }).click();
  await expect(page.getByRole('combobox', { name: 'Incomplete Reason' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Employment Type' })).toHaveCount(0);
  await choose(page, 'Program Outcome', 'Incomplete');
  await choose(page, 'Incomplete Reason', 'Moved');
  await choose(page, 'Post-Program Status', 'Employed');
  await expect(page.getByLabel('Job Title')).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Received Certificate' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(1);
  await choose(page, 'Employment Type', 'Permanent');
  await page.getByLabel('Job Title').fill('Welder');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The outcome was successfully created.')).toBeVisible();

  await expect(page.getByText('Moved', { exact: true })).toBeVisible();
  await expect(page.getByText('Welder')).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(menu.getByRole('link', { name: 'New Plan' })).not.toHaveAttribute('aria-disabled', 'true');

  // A Complete program no longer asks why; the reason is cleared on save.
  await page.getByRole('button', { name: 'Edit' }).click();
  await choose(page, 'Program Outcome', 'Complete');
  await expect(page.getByRole('combobox', { name: 'Incomplete Reason' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The outcome was successfully updated.')).toBeVisible();
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await expect(page.getByText('Moved', { exact: true })).toHaveCount(0);

  // With another plan open, this one cannot be reopened: the outcome stays.
  await createPlan(request, token, clientId);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Outcome' }).getByRole('button', { name: 'Delete' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This plan cannot be reopened because the client already has another open plan.' }),
  ).toBeVisible();
  await expect(page.getByText('Welder')).toBeVisible();
});

test('half-typed notes and line items are dropped only after asking', async ({ page, request }) => {
  const { planId, token } = await openPlanTab(page, request, 'Notes');
  for (const topic of ['Resume review', 'Bus pass']) {
    const res = await request.post('/api/notes', {
      headers: { Authorization: `Bearer ${token}` },
      data: { plan_id: planId, topic, date: todayIso(), notes: `About the ${topic.toLowerCase()}.` },
    });
    expect(res.status()).toBe(201);
  }
  await page.reload();
  const notesTab = page.getByRole('tab', { name: 'Notes' });
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  const items = page.getByRole('list', { name: 'Notes' }).getByRole('listitem');
  await expect(items).toHaveCount(2);

  // Another tab while a new note is half-typed: staying keeps the text, discarding goes.
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Topic').fill('Interview practice');
  await page.getByRole('tab', { name: 'Spendings' }).click();
  await discard.getByRole('button', { name: 'No, Continue' }).click();
  await expect(discard).toHaveCount(0);
  await expect(notesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Topic')).toHaveValue('Interview practice');
  await page.getByRole('tab', { name: 'Spendings' }).click();
  await discard.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page.getByRole('tab', { name: 'Spendings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('There are no line items on this plan.')).toBeVisible();

  // Choosing another note while editing one asks too; Cancel as well.
  await notesTab.click();
  await items.getByRole('button', { name: /^Resume review/ }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Topic').fill('Resume review, second draft');
  await items.getByRole('button', { name: /^Bus pass/ }).click();
  await discard.getByRole('button', { name: 'No, Continue' }).click();
  await expect(page.getByLabel('Topic')).toHaveValue('Resume review, second draft');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await discard.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Resume review' })).toBeVisible();
  await expect(page.getByText('Resume review, second draft')).toHaveCount(0);
  // Nothing left unsaved: the next note opens at once.
  await items.getByRole('button', { name: /^Bus pass/ }).click();
  await expect(discard).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Bus pass' })).toBeVisible();

  // Cancel on a half-typed line item asks before dropping it.
  await page.getByRole('tab', { name: 'Spendings' }).click();
  await page.getByRole('button', { name: 'New Line Item' }).click();
  await page.getByRole('textbox', { name: 'Item', exact: true }).fill('Safety glasses');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await discard.getByRole('button', { name: 'No, Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'Item', exact: true })).toHaveValue('Safety glasses');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await discard.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page.getByText('There are no line items on this plan.')).toBeVisible();

  // Reloading the page with a half-typed line item: the browser asks first.
  await page.getByRole('button', { name: 'New Line Item' }).click();
  await page.getByRole('textbox', { name: 'Item', exact: true }).fill('Work gloves');
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    const type = dialog.type();
    await dialog.accept();
    return type;
  });
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await expect(page.getByRole('button', { name: 'New Line Item' })).toBeVisible();
});
