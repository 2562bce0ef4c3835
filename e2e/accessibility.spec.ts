import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { createPlan } from './support/plans.ts';
import { DEMO, signInQuickly } from './support/session.ts';

test('the client and plan screens pass the WCAG 2.1 AA checks of axe', async ({ page, request }) => {
  const { id, token } = await createClient(request, { first_name: 'Aria', last_name: 'Checked' });
  const planId = await createPlan(request, token, id);
  await signInQuickly(page, DEMO.coordinator);
  const found: string[] = [];

  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  found.push(...(await violationsOf(page, 'clients list')));

  await page.goto(`/client/${id}`);
  await expect(page.getByRole('heading', { name: 'Aria Checked' })).toBeVisible();
  found.push(...(await violationsOf(page, 'client profile')));

  await page.goto(`/client/${id}/plan/${planId}`);
  const planTabs = page.getByRole('tablist', { name: 'Plan profile' });
  for (const tab of ['Plan Info', 'Barriers', 'Supports', 'Trainings', 'Spendings', 'Notes', 'Outcome']) {
    await planTabs.getByRole('tab', { name: tab }).click();
    await expect(planTabs.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    found.push(...(await violationsOf(page, `plan ${tab}`)));
  }
  // The record forms, open.
  for (const [tab, button, field] of [
    ['Spendings', 'New Line Item', 'Item'],
    ['Notes', 'New Note', 'Topic'],
    ['Outcome', 'Add Outcome', 'Program Outcome'],
  ] as const) {
    await planTabs.getByRole('tab', { name: tab }).click();
    await page.getByRole('button', { name: button }).click();
    // Scan the form only once it is open: its first labelled field is there.
    await expect(page.getByLabel(field, { exact: false }).first()).toBeVisible();
    found.push(...(await violationsOf(page, `plan ${tab} form`)));
  }

  await page.goto(`/client/${id}/stories`);
  await expect(page.getByRole('heading', { name: 'Success Stories' })).toBeVisible();
  found.push(...(await violationsOf(page, 'stories')));

  await page.getByRole('button', { name: 'New Story' }).click();
  await expect(page.getByLabel('Write-up', { exact: false })).toBeVisible();
  found.push(...(await violationsOf(page, 'story form')));

  await page.goto('/client/create');
  await expect(page.getByLabel('First Name', { exact: false })).toBeVisible();
  found.push(...(await violationsOf(page, 'new intake')));

  // Every screen is checked before the verdict, so one run lists all that needs fixing.
  expect(found).toEqual([]);
});
