import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { choose } from './support/forms.ts';
import { createPlan } from './support/plans.ts';
import { checkWidth } from './support/screen-width.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('a Coordinator records an outcome, sees its follow-ups and records one', async ({ page, request }) => {
  const { id: clientId, token } = await createClient(request, {
    first_name: 'Noor',
    last_name: `Follow${unique()}`,
  });
  const planId = await createPlan(request, token, clientId);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${clientId}/plan/${planId}`);

  // The outcome closes the plan and schedules its follow-ups.
  await page.getByRole('tab', { name: 'Outcome' }).click();
  await page.getByRole('button', { name: 'Add Outcome' }).click();
  await choose(page, 'Program Outcome', 'Complete');
  await choose(page, 'Post-Program Status', 'Returned to school');
  await page
    .getByRole('radiogroup', { name: 'Received Certificate' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The outcome was successfully created.')).toBeVisible();
  // The save ends once the outcome is read again: its detail replaces the form.
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

  // The tab after Outcome, kept in the address.
  await page.getByRole('tab', { name: 'Follow-ups' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${clientId}/plan/${planId}\\?tab=follow-ups$`));
  const cards = page.getByRole('region');
  for (const month of [3, 6, 12]) {
    const card = cards.filter({ has: page.getByRole('heading', { name: `${month}-month follow-up` }) });
    await expect(card.getByText('Due', { exact: true })).toBeVisible();
    await expect(card.getByText('Not recorded yet.')).toBeVisible();
  }
  expect(await violationsOf(page, 'follow-ups tab')).toEqual([]);

  // Recording the first: reached and employed asks for the job; the NOC is checked.
  await page.getByRole('button', { name: 'Record, 3-month follow-up' }).click();
  await expect(page.getByRole('heading', { name: 'Record the 3-month follow-up' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Post-Program Status' })).toHaveCount(0);
  await page
    .getByRole('radiogroup', { name: 'Was the person reached?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await choose(page, 'Post-Program Status', 'Employed');
  await choose(page, 'Hours', 'Full time');
  await page.getByRole('textbox', { name: 'Job Title' }).fill('Welder');
  await page.getByRole('textbox', { name: 'NOC' }).fill('72');
  await page.getByRole('textbox', { name: 'Note' }).fill('Started at the shipyard in May.');
  expect(await violationsOf(page, 'follow-up form')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(1);
  await expect(page.getByText('must be a valid NOC')).toBeVisible();
  await choose(page, 'Employment Type', 'Permanent');
  await page.getByRole('textbox', { name: 'NOC' }).fill('72106');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The follow-up was successfully recorded.')).toBeVisible();

  const first = cards.filter({ has: page.getByRole('heading', { name: '3-month follow-up' }) });
  await expect(first.getByText('Done', { exact: true })).toBeVisible();
  await expect(first.getByText('Welder')).toBeVisible();
  await expect(first.getByText('72106')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Edit, 3-month follow-up' })).toBeVisible();

  // 390 px: the tab and its form fit the width, opened from its address.
  await page.setViewportSize({ width: 390, height: 844 });
  const found: string[] = [];
  await page.goto(`/client/${clientId}/plan/${planId}?tab=follow-ups`);
  await checkWidth(page, 'follow-ups tab', page.getByRole('heading', { name: '12-month follow-up' }), found);
  await page.getByRole('button', { name: 'Record, 6-month follow-up' }).click();
  await page
    .getByRole('radiogroup', { name: 'Was the person reached?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await choose(page, 'Post-Program Status', 'Self-employed');
  await checkWidth(page, 'follow-up form', page.getByRole('combobox', { name: 'Employment Type' }), found);
  expect(found).toEqual([]);
});
