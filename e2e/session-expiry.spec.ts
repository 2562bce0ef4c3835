import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createClient } from './support/clients.ts';
import { createPlan } from './support/plans.ts';
import { DEMO, endSessions, signInHere, signInQuickly, unique } from './support/session.ts';

// The journeys here end sessions of this account only, so no other journey is signed out.
const WHO = DEMO.coordinator2;
const EXPIRED = 'Your session has expired. Please login again to continue.';
const RESTORED = 'Your unsaved changes have been restored.';

/** A client of the account's centre with one open plan; its Notes tab open, signed in. */
async function openNotes(page: Page, request: APIRequestContext) {
  const { id: clientId, token } = await createClient(
    request,
    { first_name: 'Nell', last_name: `Aspen${unique()}` },
    WHO,
  );
  const planId = await createPlan(request, token, clientId);
  const { user } = await signInQuickly(page, WHO);
  await page.goto(`/client/${clientId}/plan/${planId}?tab=notes`);
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  return { path: `/client/${clientId}/plan/${planId}?tab=notes`, userId: user.user_id };
}

async function typeNote(page: Page, topic: string, text: string) {
  await page.getByRole('button', { name: 'New Note' }).click();
  await page.getByLabel('Topic').fill(topic);
  await page.getByRole('textbox', { name: 'Notes', exact: true }).fill(text);
}

/** The keys of the form drafts kept in the tab's sessionStorage. */
const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('cairn.draft:')));

test('a session that ends during a save loses nothing: one message, then back to the note after signing in', async ({
  page,
  request,
}) => {
  const { path, userId } = await openNotes(page, request);
  const text = 'Talked through the welding course; she starts on Monday.';
  await typeNote(page, 'Course start', text);

  await endSessions(request, WHO, userId);
  await page.getByRole('button', { name: 'Save' }).click();

  // Only the session message (spec §8), not the failed-save one too.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toBeVisible();
  // Read once rather than waited for: a failure toast would close by itself after 3 seconds.
  await page.waitForTimeout(500);
  expect(await page.locator('.mantine-Notification-root').allTextContents()).toEqual([EXPIRED]);

  // Signing in again leads back to the same plan tab, the note as it was typed.
  await signInHere(page, WHO);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(RESTORED)).toBeVisible();
  await expect(page.getByLabel('Topic')).toHaveValue('Course start');
  await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveValue(text);
  await expect(page.getByText(EXPIRED)).toHaveCount(0);

  // And the save goes through; the draft goes with it.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The note was successfully created.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Course start');
  expect(await draftKeys(page)).toEqual([]);
});

test('someone else signing in after an expired session starts on their own page, with none of the draft', async ({
  page,
  request,
}) => {
  const { userId } = await openNotes(page, request);
  await typeNote(page, 'Housing', 'Waiting list for the co-op, two more months.');
  expect(await draftKeys(page)).toHaveLength(1);

  await endSessions(request, WHO, userId);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInHere(page, DEMO.admin);
  await expect(page).toHaveURL(/\/clients$/);
  expect(await draftKeys(page)).toEqual([]);
});

test('a logout clears the drafts and the next person starts on their own landing page', async ({
  page,
  request,
}) => {
  await openNotes(page, request);
  await typeNote(page, 'Interview', 'Mock interview booked for Thursday.');
  expect(await draftKeys(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await draftKeys(page)).toEqual([]);

  await signInHere(page, WHO);
  await expect(page).toHaveURL(/\/my-work$/);
});
