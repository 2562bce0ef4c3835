import { expect, type Locator, type Page } from '@playwright/test';
import { longDate, todayIso } from './plans.ts';

/** Adds a client to the member list on screen: searched by name in the autocomplete, then Add Member. */
export async function addMember(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Client' }).fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Add Member' }).click();
  await expect(page.getByRole('list', { name: /Chosen members/ }).getByText(name)).toBeVisible();
}

/** Opens the group profile's Add Bulk menu and answers its popover (a dialog named by the button). */
export async function openAddBulk(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Bulk' }).click();
  const menu = page.getByRole('dialog', { name: 'Add Bulk' });
  await expect(menu).toBeVisible();
  return menu;
}

/** A group made through the API, as set-up for journeys about something else. */
export async function createGroup(
  page: Page,
  token: string,
  body: { name: string; description?: string | null; clients: Array<{ client_id: number }> },
): Promise<number> {
  const res = await page.request.post('/api/groups', {
    headers: { Authorization: `Bearer ${token}` },
    data: { description: null, ...body },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { group_id: number }).group_id;
}

/** Members added through the API (POST /groups/{id}/clients), as another user's change meanwhile. */
export async function addMembersByApi(page: Page, token: string, groupId: number, clientIds: number[]) {
  const res = await page.request.post(`/api/groups/${groupId}/clients`, {
    headers: { Authorization: `Bearer ${token}` },
    data: clientIds.map((client_id) => ({ client_id })),
  });
  expect(res.status()).toBe(200);
}

/**
 * In a group's trainings dialog, WHMIS added for today with NOC code 7511: the detail the dialog
 * then shows under it ('5 January 2026 · NOC 7511').
 */
export async function addWhmisToday(page: Page, trainings: Locator): Promise<string> {
  await trainings.getByRole('button', { name: 'Add WHMIS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add training' });
  await dialog.getByLabel('Date').fill(todayIso());
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('textbox', { name: 'NOC code' }).fill('7511');
  await dialog.getByRole('button', { name: 'Add Training' }).click();
  const detail = `${longDate(todayIso())} · NOC 7511`;
  await expect(trainings.getByText(detail)).toBeVisible();
  return detail;
}
