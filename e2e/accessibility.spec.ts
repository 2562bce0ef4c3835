import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { createGroup } from './support/groups.ts';
import { createPlan } from './support/plans.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('the client and plan screens pass the WCAG 2.1 AA checks of axe', async ({ page, request }) => {
  // Sixteen screens scanned, each a full axe run: more than the default minute on a busy machine.
  test.slow();
  const { id, token } = await createClient(request, { first_name: 'Aria', last_name: 'Checked' });
  const planId = await createPlan(request, token, id);
  // A group whose name the side menu cuts: the link is still named whole (WCAG 2.5.3).
  const groupName = `Accessible Learning Circle ${unique()}`;
  await createGroup(page, token, { name: groupName, clients: [{ client_id: id }] });
  await signInQuickly(page, DEMO.coordinator);
  const found: string[] = [];

  await page.goto('/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  found.push(...(await violationsOf(page, 'clients list')));

  await page.goto(`/client/${id}`);
  await expect(page.getByRole('heading', { name: 'Aria Checked' })).toBeVisible();
  const groupLink = page
    .getByRole('navigation', { name: 'Client menu' })
    .getByRole('link', { name: groupName });
  await expect(groupLink).toHaveText('Accessible L...');
  await expect(groupLink).toHaveAccessibleName(`Accessible L...: the group ${groupName}`);
  // The account menu's name starts with the initials it shows.
  await expect(page.getByRole('button', { name: /^[A-Z]{1,3}, account menu$/ })).toBeVisible();
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
