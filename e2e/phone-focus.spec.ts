import { expect, test, type Locator, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { createPlan, todayIso } from './support/plans.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

// On a phone a form that opens below what opened it, or a wizard's next step, must be seen.
test.use({ viewport: { width: 390, height: 844 } });

/** The app's fixed header, which a heading must not sit under. */
const HEADER_HEIGHT = 60;

/** The element stands whole on the screen, below the header. */
async function expectInSight(page: Page, element: Locator) {
  await expect
    .poll(async () => {
      const box = await element.boundingBox();
      const height = page.viewportSize()!.height;
      return box !== null && box.y >= HEADER_HEIGHT && box.y + box.height <= height;
    })
    .toBe(true);
}

/** Presses Next at the foot of a step, where a thumb reaches it, without scrolling back up. */
async function nextFromTheFoot(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Next' }).dispatchEvent('click');
}

test('New Note on a plan with notes moves focus and sight to the form', async ({ page, request }) => {
  const { id, token } = await createClient(request, { first_name: 'Pia', last_name: `Phone${unique()}` });
  const planId = await createPlan(request, token, id);
  for (const topic of ['Resume review', 'Bus pass', 'Interview practice', 'Safety ticket']) {
    const res = await request.post('/api/notes', {
      headers: { Authorization: `Bearer ${token}` },
      data: { plan_id: planId, topic, date: todayIso(), notes: `About the ${topic.toLowerCase()}.` },
    });
    expect(res.status()).toBe(201);
  }
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/client/${id}/plan/${planId}?tab=notes`);
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('button', { name: 'New Note' }).click();
  const heading = page.getByRole('heading', { name: 'New Note' });
  await expect(heading).toBeFocused();
  await expectInSight(page, heading);
  expect(await violationsOf(page, 'new note on a phone')).toEqual([]);
});

test('Next on the intake opens the next step at the top: the title, the stepper and the step heading, focused', async ({
  page,
  request,
}) => {
  // A client on file with the same name and birth date: the step opens under a duplicate warning.
  const last = `Phone${unique()}`;
  await createClient(request, { first_name: 'Pia', last_name: last, date_of_birth: '1991-07-09' });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/client/create');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Pia');
  await page.getByRole('textbox', { name: 'Last Name' }).fill(last);
  await page.getByLabel('Date of Birth').fill('1991-07-09');
  await nextFromTheFoot(page);

  const step2 = page.getByRole('heading', { name: 'Step 2 of 4: Demographic' });
  await expect(step2).toBeFocused();
  await expectInSight(page, step2);
  await expectInSight(page, page.getByRole('heading', { level: 1, name: 'New Client' }));
  await expect(
    page.getByRole('alert').filter({ hasText: 'This client may already be on file' }),
  ).toBeVisible();

  await page.getByRole('radiogroup', { name: 'Disability' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('combobox', { name: 'Citizenship' }).click();
  await page.getByRole('option', { name: 'Canadian citizen' }).click();
  await nextFromTheFoot(page);
  const step3 = page.getByRole('heading', { name: 'Step 3 of 4: Ancestry' });
  await expect(step3).toBeFocused();
  await expectInSight(page, step3);
  await expectInSight(page, page.getByRole('heading', { level: 1, name: 'New Client' }));
  expect(await violationsOf(page, 'intake step 3 on a phone')).toEqual([]);
});
