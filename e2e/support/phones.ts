import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createClient } from './clients.ts';
import { createPlan, todayIso } from './plans.ts';
import { checkWidth } from './screen-width.ts';
import { unique } from './session.ts';

/** What the phone journeys (phones*.spec.ts) share: a long case, and how a screen is checked. */

/** A web address in a note or a story: a long word with no place to break. */
export const LINK =
  'https://www.jobbank.gc.ca/jobsearch/jobposting/41234567?source=searchresults&province=SK';

/** A client with long answers (spec §9 maxima in sight) and a plan holding every kind of record. */
export async function longCase(request: APIRequestContext) {
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
export const heading = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** What shows a screen is drawn: its heading, and on Reports the dashboard inside its frame. */
export const screenReady = (page: Page, path: string) =>
  path === '/reports'
    ? page
        .frameLocator('iframe[title="Clients dashboard"]')
        .getByRole('heading', { level: 1, name: 'Clients' })
    : heading(page);

/** Opens the burger's drawer, checks it, and closes it again. */
export async function checkDrawer(page: Page, screen: string, found: string[]) {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await checkWidth(page, `${screen} navigation drawer`, page.getByRole('dialog'), found);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Opens a dialog with `open`, checks it, and closes it with its `close` button. */
export async function checkDialog(
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
