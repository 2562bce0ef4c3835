import { expect, test, type Locator, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { choose } from './support/forms.ts';
import { createPlan } from './support/plans.ts';
import { DEMO, endSessions, signInHere, signInQuickly, unique } from './support/session.ts';

/**
 * The record of which forms give their answers back after the session ends during Save: each
 * form of the table is opened, typed into, the account's sessions are ended on the server, Save
 * is pressed, and after signing in again the same page shows the form open with what was typed.
 */

// The journeys here end sessions of this account only, so no other journey is signed out.
const WHO = DEMO.coordinator2;
const RESTORED = 'Your unsaved changes have been restored.';

/** The records the forms edit, made once for the whole table. */
interface Records {
  clientId: number;
  planId: number;
  groupId: number;
}

interface DraftedForm {
  name: string;
  /** The page the form is on. */
  path: (r: Records) => string;
  /** Opens the form and answers what else its Save needs before it is sent. */
  open: (page: Page) => Promise<void>;
  /** What the form needs after the answer is typed, up to its Save (a wizard's later steps). */
  finish?: (page: Page) => Promise<void>;
  /** The answer typed, checked again after signing in. */
  field: (page: Page) => Locator;
  value: string;
}

const textbox = (name: string) => (page: Page) => page.getByRole('textbox', { name, exact: true });
const click = (name: string) => async (page: Page) => {
  await page.getByRole('button', { name, exact: true }).click();
};
const planPath = ({ clientId, planId }: Records) => `/client/${clientId}/plan/${planId}`;

const FORMS: DraftedForm[] = [
  {
    name: 'a new note',
    path: (r) => `${planPath(r)}?tab=notes`,
    open: async (page) => {
      await click('New Note')(page);
      await page.getByLabel('Topic').fill('Course start');
    },
    field: textbox('Notes'),
    value: 'Talked through the welding course; she starts on Monday.',
  },
  {
    name: 'a new story',
    path: ({ clientId }) => `/client/${clientId}/stories`,
    open: click('New Story'),
    field: textbox('Write-up'),
    value: 'Nell finished the welding course and was hired by a local shop.',
  },
  {
    name: 'a new spending line',
    path: (r) => `${planPath(r)}?tab=spendings`,
    open: async (page) => {
      await click('New Line Item')(page);
      await page.getByLabel('Value').fill('42.50');
    },
    field: textbox('Item'),
    value: 'Steel-toed boots',
  },
  {
    name: "a group's details",
    path: ({ groupId }) => `/group/${groupId}?tab=details`,
    open: click('Edit'),
    field: textbox('Description'),
    value: 'Tuesday mornings in the resource room.',
  },
  {
    name: "a plan's info",
    path: planPath,
    open: async (page) => {
      await click('Edit')(page);
      await choose(page, 'Current Employment', 'Employed');
      await choose(page, 'Employment Type', 'Seasonal');
    },
    field: (page) => page.getByLabel('Start Date'),
    value: '2025-02-03',
  },
  {
    name: 'a new intake',
    path: () => '/client/create',
    open: async () => {},
    finish: finishIntake,
    field: textbox('First Name'),
    value: 'Aiyana',
  },
  {
    name: "the profile's Client tab",
    path: ({ clientId }) => `/client/${clientId}`,
    open: click('Edit'),
    field: textbox('City'),
    value: 'Thompson',
  },
  {
    name: "the profile's Demographic tab",
    path: ({ clientId }) => `/client/${clientId}?tab=demographic`,
    open: click('Edit'),
    field: textbox('Language Spoken'),
    value: 'Cree',
  },
  {
    name: "the profile's Ancestry tab",
    path: ({ clientId }) => `/client/${clientId}?tab=ancestry`,
    open: click('Edit'),
    field: textbox('Nation'),
    value: 'Peguis First Nation',
  },
];

/** Every answer of a new intake after its First Name, up to the Save of its last step. */
async function finishIntake(page: Page) {
  await page.getByRole('textbox', { name: 'Last Name' }).fill(`Cardinal${unique()}`);
  await page.getByLabel('Date of Birth').fill('1994-03-21');
  await click('Next')(page);
  await page.getByRole('radiogroup', { name: 'Disability' }).getByRole('radio', { name: 'No' }).check();
  await choose(page, 'Citizenship', 'Canadian citizen');
  await choose(page, 'Highest Education', 'Highschool diploma');
  await click('Next')(page);
  await page.getByRole('radiogroup', { name: 'Indigenous' }).getByRole('radio', { name: 'No' }).check();
  await click('Next')(page);
  await page.getByRole('checkbox', { name: 'Consent/release form signed by client' }).check();
}

let records: Records;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { id: clientId, token } = await createClient(
    request,
    { first_name: 'Nell', last_name: `Aspen${unique()}`, indigenous: 'Yes' },
    WHO,
  );
  const planId = await createPlan(request, token, clientId);
  const group = await request.post('/api/groups', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Drafts ${unique()}`, description: null, clients: [{ client_id: clientId }] },
  });
  expect(group.status()).toBe(201);
  records = { clientId, planId, groupId: ((await group.json()) as { group_id: number }).group_id };
  await request.dispose();
});

for (const form of FORMS) {
  test(`${form.name} is given back after the session ends during Save`, async ({ page, request }) => {
    const path = form.path(records);
    const { user } = await signInQuickly(page, WHO);
    await page.goto(path);
    await form.open(page);
    await form.field(page).fill(form.value);
    await form.finish?.(page);

    await endSessions(request, WHO, user.user_id);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signInHere(page, WHO);
    await expect(page).toHaveURL(path);
    await expect(page.getByText(RESTORED)).toBeVisible();
    await expect(form.field(page)).toHaveValue(form.value);
    if (form.name.startsWith("the profile's")) {
      expect(await violationsOf(page, `${form.name}, restored`)).toEqual([]);
    }
  });
}
