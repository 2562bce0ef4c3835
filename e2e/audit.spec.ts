import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { typeAtOnce } from './support/forms.ts';
import { checkWidth } from './support/screen-width.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

test('a Coordinator opens a client and reveals the SIN; the Admin finds both under Audit and in the Access history', async ({
  browser,
  request,
}) => {
  const last = `Audited${unique()}`;
  const { id } = await createClient(request, { first_name: 'Mira', last_name: last, sin: '193456787' });

  // The Coordinator, in a browser of their own.
  const coordinatorContext = await browser.newContext();
  const coordinator = await coordinatorContext.newPage();
  await signInQuickly(coordinator, DEMO.coordinator);
  await coordinator.goto(`/client/${id}`);
  await expect(coordinator.getByRole('heading', { name: `Mira ${last}` })).toBeVisible();
  // Only Admins see who opened a client.
  await expect(coordinator.getByRole('region', { name: 'Access history' })).toHaveCount(0);
  await coordinator.getByRole('button', { name: 'Reveal SIN' }).click();
  await expect(coordinator.getByText('193 456 787')).toBeVisible();
  await coordinatorContext.close();

  // The Admin: Settings → Audit, filtered by the client.
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signInQuickly(page, DEMO.admin);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Client number' }).fill(String(id));
  await page.getByRole('textbox', { name: 'Client number' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`client_id=${id}`));
  const entries = page.getByRole('table', { name: 'Audit entries' });
  // Each entry says who once (its sentence) and when once (its When column, not the sentence).
  const read = new RegExp(`^Coordinator .+ read Mira ${last}’s profile$`);
  const revealed = new RegExp(`^Coordinator .+ revealed the SIN of Mira ${last}$`);
  await expect(entries.getByRole('cell', { name: read }).first()).toBeVisible();
  await expect(entries.getByRole('cell', { name: revealed })).toBeVisible();
  await expect(page.getByText('193 456 787')).toHaveCount(0);
  await expect(page.getByText('193456787')).toHaveCount(0);

  // Only the reveals: one.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Reveal SIN' }).click();
  await expect(page.getByRole('status')).toHaveText('1 entry');
  await expect(entries.getByRole('cell', { name: revealed })).toBeVisible();
  const found = await violationsOf(page, 'audit');
  expect(found).toEqual([]);

  // The client's profile: the Access history names both, newest first.
  await page.goto(`/client/${id}`);
  const history = page.getByRole('region', { name: 'Access history' });
  await expect(history.getByRole('cell', { name: revealed })).toBeVisible();
  await expect(history.getByRole('cell', { name: read }).first()).toBeVisible();
  const lines = await history.getByRole('row').allInnerTexts();
  const revealAt = lines.findIndex((l) => revealed.test(l.split('\t')[1] ?? ''));
  const readAt = lines.findIndex((l) => read.test(l.split('\t')[1] ?? ''));
  expect(revealAt).toBeGreaterThan(0);
  expect(revealAt).toBeLessThan(readAt);
  await adminContext.close();
});

test("a Coordinator changes a client's phone; the Admin reads it by name, before and after, and lists the trail's own reads when asked", async ({
  browser,
  request,
}) => {
  const last = `Readable${unique()}`;
  const { id } = await createClient(request, { first_name: 'Jane', last_name: last, phone: '555-0100' });

  const coordinatorContext = await browser.newContext();
  const coordinator = await coordinatorContext.newPage();
  await signInQuickly(coordinator, DEMO.coordinator);
  await coordinator.goto(`/client/${id}`);
  await expect(coordinator.getByRole('heading', { name: `Jane ${last}` })).toBeVisible();
  await coordinator.getByRole('button', { name: 'Edit' }).click();
  await coordinator.getByRole('textbox', { name: 'Phone' }).fill('555-0199');
  await coordinator.getByRole('button', { name: 'Save' }).click();
  await expect(coordinator.getByText('The client was successfully updated.')).toBeVisible();
  await coordinatorContext.close();

  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  const session = await signInQuickly(page, DEMO.admin);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Audit' }).click();
  await page.getByRole('textbox', { name: 'Client number' }).fill(String(id));
  await page.getByRole('textbox', { name: 'Client number' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`client_id=${id}`));
  const entries = page.getByRole('table', { name: 'Audit entries' });
  const changed = new RegExp(`^Coordinator .+ changed Jane ${last}’s phone from 555-0100 to 555-0199$`);
  await expect(entries.getByRole('cell', { name: changed })).toBeVisible();
  await expect(
    entries.getByRole('cell', { name: new RegExp(`created Jane ${last}’s profile`) }),
  ).toBeVisible();

  // The client's Access history says the same.
  await page.goto(`/client/${id}`);
  const history = page.getByRole('region', { name: 'Access history' });
  await expect(history.getByRole('cell', { name: changed })).toBeVisible();

  // The Admin's own reads: reading the trail is listed only when asked for, and the address keeps it.
  await page.goto(`/audit?user_id=${session.user.user_id}&action=read`);
  const trailRead = /^Admin .+ read the audit trail$/;
  await expect(entries.getByRole('cell', { name: /^Admin .+ read / }).first()).toBeVisible();
  await expect(entries.getByRole('cell', { name: trailRead })).toHaveCount(0);
  // Clicked, not check(): the box follows the address, which React Router updates a moment later.
  await page.getByRole('checkbox', { name: 'Include reads of the audit trail' }).click();
  await expect(page).toHaveURL(/include_trail_reads=true/);
  await expect(entries.getByRole('cell', { name: trailRead }).first()).toBeVisible();
  expect(await violationsOf(page, 'audit')).toEqual([]);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Include reads of the audit trail' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Include reads of the audit trail' }).click();
  await expect(page).not.toHaveURL(/include_trail_reads/);
  await expect(entries.getByRole('cell', { name: trailRead })).toHaveCount(0);
  await adminContext.close();
});

test('a client number that is no number, or From after To, says so and lists nothing; the export is named by its days', async ({
  page,
}) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/audit');
  const entries = page.getByRole('table', { name: 'Audit entries' });
  await expect(entries).toBeVisible();
  const client = page.getByRole('textbox', { name: 'Client number' });
  await client.fill('12a');
  await client.press('Enter');
  await expect(client).toHaveAccessibleDescription('must be a whole number');
  await expect(entries).toHaveCount(0);
  await expect(page.getByText('Correct the filters above to see the entries.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  expect(await violationsOf(page, 'audit, filter messages')).toEqual([]);
  await client.fill('');
  await client.press('Enter');
  await expect(entries).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill('2026-03-31');
  await expect(page).toHaveURL(/from=2026-03-31/);
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(
    'The start date must not come after the end date',
  );
  await expect(entries).toHaveCount(0);
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await expect(page).toHaveURL(/from=2026-01-01/);
  await page.getByLabel('To', { exact: true }).fill('2026-03-31');
  await expect(entries).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  expect((await downloading).suggestedFilename()).toBe('audit-2026-01-01-to-2026-03-31.xlsx');
});

test('two dates typed at the same moment both stay in the address and filter the list', async ({ page }) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/audit');
  await expect(page.getByRole('table', { name: 'Audit entries' })).toBeVisible();
  await typeAtOnce(page, [
    ['From', '2025-05-01'],
    ['To', '2025-06-30'],
  ]);
  await expect(page).toHaveURL(/[?&]from=2025-05-01(&|$)/);
  await expect(page).toHaveURL(/[?&]to=2025-06-30(&|$)/);
  await expect(page.getByLabel('From')).toHaveValue('2025-05-01');
  await expect(page.getByLabel('To')).toHaveValue('2025-06-30');
});

test('the Audit screen fits a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, DEMO.admin);
  await page.goto('/audit');
  const found: string[] = [];
  await checkWidth(page, 'audit', page.getByRole('table', { name: 'Audit entries' }), found);
  expect(found).toEqual([]);
});
