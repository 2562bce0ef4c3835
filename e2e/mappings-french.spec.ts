import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { createMapping, fillMappingForm } from './support/mappings.ts';
import { card, createPlan } from './support/plans.ts';
import { apiToken, DEMO, setLanguage, signInQuickly, unique } from './support/session.ts';

/**
 * The catalogue in French (issue 34): an Admin sees which items have no French name yet (the
 * Mappings home counts them, the lists mark them), gives one its French, and a Coordinator who
 * works in French is offered it by that name on a plan. French words come from the catalogues.
 */
const frPlanItems = JSON.parse(fs.readFileSync('apps/web/src/locales/fr/plan-items.json', 'utf8')) as {
  categories: Record<string, string>;
  columns: Record<string, Record<string, string>>;
};
const frPlans = JSON.parse(fs.readFileSync('apps/web/src/locales/fr/plans.json', 'utf8')) as {
  profile: { tabs: Record<string, string> };
};

/** The Mappings home's count of supports without a French name: its line is left out at 0. */
async function untranslatedSupports(page: Page): Promise<number> {
  await expect(page.getByText(/^\d+ active · \d+ disabled$/)).toHaveCount(3);
  const line = page.getByTestId('untranslated-supports');
  return (await line.count()) === 0 ? 0 : Number((await line.textContent())!.split(' ')[0]);
}

test.afterEach(async ({ request }) => {
  await setLanguage(request, DEMO.coordinator, 'en');
});

test('an Admin names a support in French, and a Coordinator working in French is offered it by that name', async ({
  page,
  browser,
}) => {
  test.slow();
  const id = unique();
  // Last of its category (other journeys count on the seeded supports' order), disabled at the end.
  const support = `Zz mock interviews ${id}`;
  const french = `Zz entrevues simulées ${id}`;

  await signInQuickly(page, DEMO.admin);
  await createMapping(
    page,
    'supports',
    { name: support, category: 'Employment', reportingType: 'Job search and placement' },
    'The support was successfully created.',
  );
  const supportId = Number(/\/mapping\/supports\/(\d+)$/.exec(page.url())![1]);
  // No French yet: the item page says so, the home counts it, the list marks it.
  await expect(page.getByText('No French')).toBeVisible();
  await page.goto('/mappings');
  await expect(page.getByTestId('untranslated-supports')).toHaveText(/^\d+ without a French name$/);
  const before = await untranslatedSupports(page);
  expect(before).toBeGreaterThan(0);
  expect(await violationsOf(page, 'mappings home counting items without French')).toEqual([]);
  await page.goto('/mapping/supports');
  await page.getByRole('searchbox', { name: 'Search supports' }).fill(id);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: support }) });
  await expect(row.getByText('No French')).toBeVisible();
  expect(await violationsOf(page, 'support list with an untranslated item')).toEqual([]);

  // Its French name and description, given on its form.
  await row.getByRole('link', { name: support }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await fillMappingForm(page, { nameFr: french, descriptionFr: 'Pratique des entrevues avec rétroaction.' });
  expect(await violationsOf(page, 'support form with its French')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The support was successfully updated.')).toBeVisible();
  await expect(page.getByText(french)).toBeVisible();
  await expect(page.getByText('No French')).toHaveCount(0);
  await page.goto('/mappings');
  await expect.poll(() => untranslatedSupports(page)).toBe(before - 1);

  // A Coordinator working in French: the plan offers it, and the seeded supports, in French.
  await setLanguage(page.request, DEMO.coordinator, 'fr');
  const context = await browser.newContext();
  const coordinator = await context.newPage();
  const client = await createClient(coordinator.request, { last_name: `Francais${id}` });
  const planId = await createPlan(coordinator.request, client.token, client.id);
  await signInQuickly(coordinator, DEMO.coordinator);
  await coordinator.goto(`/client/${client.id}/plan/${planId}`);
  await expect(coordinator.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await coordinator.getByRole('tab', { name: frPlans.profile.tabs.supports, exact: true }).click();
  const offered = coordinator.getByRole('region', { name: frPlanItems.columns.supports!.available });
  await offered.getByRole('tab', { name: frPlanItems.categories.Employment }).click();
  await expect(offered.getByRole('button', { name: card(french) })).toBeVisible();
  await expect(offered.getByRole('button', { name: card("Aide à la recherche d'emploi") })).toBeVisible();
  await expect(offered.getByRole('button', { name: card('Job search assistance') })).toHaveCount(0);
  expect(await violationsOf(coordinator, 'plan supports in French')).toEqual([]);
  await context.close();

  // Out of the other journeys' way: disabled, as an Admin would.
  const token = await apiToken(page.request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}` };
  const item = (await (await page.request.get(`/api/supports/${supportId}`, { headers })).json()) as {
    name: string;
    category: string;
    reporting_type: number;
  };
  const disabled = await page.request.put(`/api/supports/${supportId}`, {
    headers,
    data: { name: item.name, category: item.category, reporting_type: item.reporting_type, disabled: true },
  });
  expect(disabled.status()).toBe(200);
});
