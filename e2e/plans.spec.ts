import { expect, test } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { card, createPlan, dragWithMouse, longDate, todayIso } from './support/plans.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('a new plan: step 1 validates, one barrier dragged with the mouse, a named Other chosen by keyboard', async ({
  page,
  request,
}) => {
  const { id } = await createClient(request, { first_name: 'Rowan', last_name: `Planner${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}`);
  const menu = page.getByRole('navigation', { name: 'Client menu' });
  await menu.getByRole('link', { name: 'New Plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${id}/plan/create$`));
  await expect(page.getByRole('heading', { name: 'New Plan', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Start Date')).toHaveValue(todayIso());

  // Next waits for the current employment.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What barriers do you face?' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Current Employment' })).toBeFocused();

  // The employment type is asked only of someone Employed.
  const employment = page.getByRole('combobox', { name: 'Current Employment' });
  await expect(page.getByRole('combobox', { name: 'Employment Type' })).toHaveCount(0);
  await employment.click();
  await page.getByRole('option', { name: 'Employed', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Employment Type' })).toBeVisible();
  await employment.click();
  await page.getByRole('option', { name: 'Unemployed', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Employment Type' })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Apprentice' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'What barriers do you face?' })).toBeVisible();

  // A barrier dragged with the mouse from 'Add Barriers' to 'Plan Barriers'.
  const planned = page.getByRole('region', { name: 'Plan Barriers' });
  await expect(planned.getByText('There are no barriers on this plan.')).toBeVisible();
  await dragWithMouse(
    page,
    page.getByRole('button', { name: card('Low or no income') }),
    planned.getByText('There are no barriers on this plan.'),
  );
  await expect(planned.getByRole('button', { name: card('Low or no income') })).toBeVisible();

  // Back keeps the plan info and the barriers chosen so far; a step opened starts at its heading.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Plan Info', level: 2 })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Current Employment' })).toHaveValue('Unemployed');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'What barriers do you face?' })).toBeFocused();
  await expect(planned.getByRole('button', { name: card('Low or no income') })).toBeVisible();

  // 'Other' picked up with Space, moved left with an arrow key and dropped with Space.
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
  await expect(naming).toBeVisible();
  await naming.getByRole('button', { name: 'Add' }).click();
  await expect(naming.getByText('This field is required')).toBeVisible();
  await naming.getByRole('textbox', { name: 'Please give this barrier a name.' }).fill('Eviction notice');
  await naming.getByRole('textbox', { name: 'Please give this barrier a name.' }).press('Enter');
  await expect(naming).toHaveCount(0);
  await expect(planned.getByRole('button', { name: card('Eviction notice') })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The plan was successfully created.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/client/${id}/plan/\\d+$`));
  await expect(page.getByText(`Plan started ${longDate(todayIso())}`)).toBeVisible();

  await page.getByRole('tab', { name: 'Barriers' }).click();
  await expect(planned.getByRole('button', { name: card('Low or no income') })).toBeVisible();
  await expect(planned.getByRole('button', { name: card('Eviction notice') })).toBeVisible();

  // The side menu lists the plan; with it open, New Plan is disabled and says why.
  await expect(menu.getByRole('link', { name: `${longDate(todayIso(), 'short')} Open` })).toBeVisible();
  const newPlan = menu.getByRole('link', { name: 'New Plan' });
  await expect(newPlan).toHaveAttribute('aria-disabled', 'true');
  await newPlan.hover();
  await expect(
    page.getByRole('tooltip', { name: 'There can only be one open plan at a time.' }),
  ).toBeVisible();
});

test('supports with Other twice under two names, and a training with its date and NOC', async ({
  page,
  request,
}) => {
  const { id, token } = await createClient(request, {
    first_name: 'Skye',
    last_name: `Supported${unique()}`,
  });
  const planId = await createPlan(request, token, id);
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/plan/${planId}`);
  await page.getByRole('tab', { name: 'Supports', exact: true }).click();
  const planned = page.getByRole('region', { name: 'Plan Supports' });
  await expect(planned.getByText('There are no supports on this plan.')).toBeVisible();

  // Without dragging: Enter on an item, or its Add button; the remove button takes one off again.
  await page.getByRole('tab', { name: 'Employment' }).click();
  const offered = page.getByRole('region', { name: 'Add Supports' });
  await offered.getByRole('button', { name: card('Job search assistance') }).focus();
  await page.keyboard.press('Enter');
  await expect(planned.getByRole('button', { name: card('Job search assistance') })).toBeVisible();
  // Focus stays in the list, on the item now in its place.
  await expect(offered.getByRole('button', { name: card('Resume and cover letter help') })).toBeFocused();
  await page.getByRole('button', { name: 'Add Interview preparation' }).click();
  await planned.getByRole('button', { name: 'Remove Interview preparation' }).click();
  await expect(planned.getByRole('button', { name: card('Interview preparation') })).toHaveCount(0);
  await expect(offered.getByRole('button', { name: card('Interview preparation') })).toBeVisible();
  await page.getByRole('tab', { name: 'Misc' }).click();
  const naming = page.getByRole('dialog', { name: 'Add support' });
  const name = naming.getByRole('textbox', { name: 'Please give this support a name.' });
  for (const given of ['Drum group', 'Sweat lodge']) {
    await page.getByRole('button', { name: 'Add Other' }).click();
    await name.fill(given);
    await naming.getByRole('button', { name: 'Add' }).click();
    await expect(naming).toHaveCount(0);
  }
  // The same name twice would be dropped (spec §9): the dialog says so instead.
  await page.getByRole('button', { name: 'Add Other' }).click();
  await name.fill('drum group');
  await naming.getByRole('button', { name: 'Add' }).click();
  await expect(naming.getByText('This name is already on the plan.')).toBeVisible();
  await naming.getByRole('button', { name: 'Cancel' }).click();

  // Put in another order from the keyboard: Space, an arrow, Space.
  // Each card's name starts with its item's (then what else it shows, after a comma).
  const order = () =>
    planned.locator('[data-card]').evaluateAll((cards) => cards.map((c) => c.ariaLabel?.split(', ')[0]));
  await expect.poll(order).toEqual(['Job search assistance', 'Drum group', 'Sweat lodge']);
  await planned.getByRole('button', { name: card('Sweat lodge') }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Sweat lodge.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Sweat lodge is over position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Sweat lodge was moved to position 2 of 3.')).toBeAttached();
  await expect.poll(order).toEqual(['Job search assistance', 'Sweat lodge', 'Drum group']);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The plan was successfully updated.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Supports', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect.poll(order).toEqual(['Job search assistance', 'Sweat lodge', 'Drum group']);

  // A training: its date, then its NOC code (4 digits or none).
  await page.getByRole('tab', { name: 'Trainings' }).click();
  await expect(page.getByText('There are no trainings on this plan.')).toBeVisible();
  await page.getByRole('button', { name: 'Add WHMIS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add training' });
  const date = new Date(Date.now() - 20 * 24 * 3600 * 1000);
  const taken = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  await dialog.getByLabel('Date').fill(taken);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const nocList = dialog.getByRole('link', { name: /List of NOC codes/ });
  await expect(nocList).toHaveAttribute('href', 'https://noc.esdc.gc.ca');
  await expect(nocList).toHaveAttribute('target', '_blank');
  await dialog.getByRole('textbox', { name: 'NOC code' }).fill('75a1');
  await dialog.getByRole('button', { name: 'Add Training' }).click();
  await expect(dialog.getByText('must be a valid NOC')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'NOC code' }).fill('7511');
  await dialog.getByRole('button', { name: 'Add Training' }).click();
  await expect(dialog).toHaveCount(0);
  const trainings = page.getByRole('region', { name: 'Plan Trainings' });
  await expect(trainings.getByText(`${longDate(taken)} · NOC 7511`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The plan was successfully updated.')).toBeVisible();
  await page.reload();
  await expect(trainings.getByRole('button', { name: 'WHMIS' })).toBeVisible();
  await expect(trainings.getByText(`${longDate(taken)} · NOC 7511`)).toBeVisible();
});

test('Plan Info edits cancel and save; a deleted plan leads back to the client profile', async ({
  page,
  request,
}) => {
  const { id, token } = await createClient(request, { first_name: 'Dale', last_name: `Edited${unique()}` });
  const planId = await createPlan(request, token, id, { apprentice: null });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/plan/${planId}`);
  await expect(page.getByText('This plan is missing required information.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'This required answer is missing.' })).toHaveCount(1);

  const employment = page.getByRole('combobox', { name: 'Current Employment' });
  await page.getByRole('button', { name: 'Edit' }).click();
  await employment.click();
  await page.getByRole('option', { name: 'Employed', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Unemployed')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await employment.click();
  await page.getByRole('option', { name: 'Employed', exact: true }).click();
  await page.getByRole('combobox', { name: 'Employment Type' }).click();
  await page.getByRole('option', { name: 'Seasonal' }).click();
  await page.getByRole('radiogroup', { name: 'Apprentice' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The plan was successfully updated.')).toBeVisible();
  await expect(page.getByText('Seasonal')).toBeVisible();
  await expect(page.getByText('This plan is missing required information.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Plan' });
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The plan was successfully deleted.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/client/${id}$`));
  await expect(
    page.getByRole('navigation', { name: 'Client menu' }).getByText('No plans yet.'),
  ).toBeVisible();
});

test('leaving the new plan wizard with answers asks first; a second open plan is refused', async ({
  page,
  request,
}) => {
  const { id, token } = await createClient(request, { first_name: 'Kai', last_name: `Leaving${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/plan/create`);
  await page.getByRole('combobox', { name: 'Current Employment' }).click();
  await page.getByRole('option', { name: 'Self-employed' }).click();
  const menu = page.getByRole('navigation', { name: 'Client menu' });
  await menu.getByRole('link', { name: 'Profile/Intake' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel New Plan?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'No, Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${id}/plan/create$`));
  await expect(page.getByRole('combobox', { name: 'Current Employment' })).toHaveValue('Self-employed');

  // Meanwhile an open plan is made elsewhere: saving this one is refused, and nothing typed is lost.
  await createPlan(request, token, id);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'There can only be one open plan at a time.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What barriers do you face?' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel' }).click();
  await confirm.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/${id}$`));
});

test("another centre's plan is not shown: the not-found page is shown instead", async ({ page, request }) => {
  const { id, token } = await createClient(request, {
    first_name: 'Mika',
    last_name: `Elsewhere${unique()}`,
  });
  const planId = await createPlan(request, token, id);
  await signInQuickly(page, DEMO.coordinator2);
  await page.goto(`/client/${id}/plan/${planId}`);
  await expect(page).toHaveURL(new RegExp(`/client/${id}/plan/${planId}$`));
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops' })).toHaveCount(0);
});
