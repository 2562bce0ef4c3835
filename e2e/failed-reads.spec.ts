import { expect, test, type Page } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

/**
 * A read that fails: the screen shows its loading state until the error page (or the not-found
 * page) replaces it, and a read is asked again only when asking could change the answer.
 */

/**
 * Answers every read of the client's profile with `status`, late enough (1.5 s) that the loading
 * state is on screen long enough to be seen on a busy machine; counts them.
 */
async function failProfileReads(page: Page, clientId: number, status: number) {
  const asked = { count: 0 };
  await page.route(`**/api/clients/${clientId}`, async (route) => {
    asked.count += 1;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({
      status,
      json: {
        error: { code: status === 404 ? 'not_found' : 'internal', message: 'Refused for the journey' },
      },
    });
  });
  return asked;
}

test('a read failing with 500 shows the loading state, is asked once more, then the error page', async ({
  page,
  request,
}) => {
  const { id } = await createClient(request, { first_name: 'Faye', last_name: `Failing${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  const asked = await failProfileReads(page, id, 500);
  await page.goto(`/client/${id}`);

  await expect(page.getByLabel('Loading', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops' })).toBeVisible({ timeout: 20_000 });
  // One retry, not three: nothing more is asked once the error page is up.
  await page.waitForTimeout(1_500);
  expect(asked.count).toBe(2);
});

test('a read refused with a 4xx is asked once and shows its page at once', async ({ page, request }) => {
  const { id } = await createClient(request, { first_name: 'Nora', last_name: `Refused${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  const asked = await failProfileReads(page, id, 404);
  await page.goto(`/client/${id}`);

  await expect(page.getByLabel('Loading', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(asked.count).toBe(1);
});
