import { MINISTRY_SHEET_NAMES } from '@cairn/shared/wording';
import { expect, test, type Page } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { typeAtOnce } from './support/forms.ts';
import { createPlan, longDate } from './support/plans.ts';
import {
  currentFiscalYear,
  dashboardFrame,
  dashboardLink,
  dashboardScope as scope,
  figure,
  holdNewestRunning,
  newCentre,
  readSpreadsheet,
} from './support/reports.ts';
import { checkWidth } from './support/screen-width.ts';
import { apiToken, DEMO, signIn, signInQuickly, unique } from './support/session.ts';
import { escapeRegExp } from './support/text.ts';

const DASHBOARD_TABS = [
  'Clients',
  'Client Interactions',
  'Plans',
  'Outcomes',
  'Supports & Trainings',
  'Stories',
];

/** The reports screen's tabs, by name, in order. */
async function tabNames(page: Page) {
  const tabs = page.getByRole('tablist', { name: 'Reports' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  return tabs.allTextContents();
}

/** The Ministry tab's list of files, once read: its table, or the line saying there are none. */
function filesListed(page: Page) {
  return page
    .getByRole('table', { name: 'Your ministry files' })
    .or(page.getByText('No files prepared in the last 24 hours.'));
}

test('an Admin sees seven tabs, switches tabs and centres, and downloads the ministry file', async ({
  page,
  request,
}) => {
  test.slow();
  const { tag, centreName, centreId } = await newCentre(request, 'Reports Centre');
  const client = await createClient(request, { last_name: `Count${tag}`, centre_id: centreId }, DEMO.admin);
  await createPlan(request, client.token, client.id);
  const found: string[] = [];

  await signInQuickly(page, DEMO.admin);
  const links: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/reporting/dashboard-links')) links.push(r.url());
  });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  expect(await tabNames(page)).toEqual([...DASHBOARD_TABS, 'Ministry']);
  await expect(page.getByRole('tab', { name: 'Clients' })).toHaveAttribute('aria-selected', 'true');

  // The current fiscal year and every centre by default.
  const { start, end } = currentFiscalYear();
  await expect(page.getByLabel('Start date')).toHaveValue(start);
  await expect(page.getByLabel('End date')).toHaveValue(end);
  await expect(page.getByRole('combobox', { name: 'Centre' })).toHaveValue('All centres');
  let frame = dashboardFrame(page, 'Clients');
  await expect(frame.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(frame.getByText(scope('All centres'))).toBeVisible();
  await expect(figure(frame, 'New clients')).toHaveText(/^[1-9][\d,]*$/);
  found.push(...(await violationsOf(page, 'reports, clients dashboard')));

  // One centre: its one new client, and the choice kept in the address.
  await page.getByRole('combobox', { name: 'Centre' }).click();
  await page.getByRole('option', { name: centreName }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]centre=${centreId}(&|$)`));
  await expect(frame.getByText(scope(centreName))).toBeVisible();
  await expect(figure(frame, 'New clients')).toHaveText('1');
  await expect(figure(frame, 'Active clients')).toHaveText('1');

  // Another tab: another dashboard, the centre kept.
  await page.getByRole('tab', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/[?&]tab=plans(&|$)/);
  frame = dashboardFrame(page, 'Plans');
  await expect(frame.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(frame.getByText(scope(centreName))).toBeVisible();
  await expect(figure(frame, 'Plans opened')).toHaveText('1');
  await expect(frame.getByRole('table', { name: 'Employment at plan start: values' })).toBeAttached();

  // Refresh asks for a new link, and the frame draws the dashboard again.
  const drawn: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/embed/dashboard/')) drawn.push(`${r.status()}`);
  });
  const asked = links.length;
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => drawn).toEqual(['200']);
  expect(links.length).toBe(asked + 1);
  await expect(figure(frame, 'Plans opened')).toHaveText('1');

  // A link the server refuses (here a tampered token; an expired one is refused alike) renews
  // itself: the dashboard says so to the screen, which asks for a new link.
  const iframe = page.locator('iframe[title="Plans dashboard"]');
  const good = (await iframe.getAttribute('src'))!;
  const at = good.lastIndexOf('/') + 1;
  const tampered = `${good.slice(0, at)}${good[at] === 'A' ? 'B' : 'A'}${good.slice(at + 1)}`;
  await iframe.evaluate(
    (element: HTMLIFrameElement, url) => element.contentWindow!.location.replace(url),
    tampered,
  );
  await expect.poll(() => drawn).toEqual(['200', '401', '200']);
  expect(links.length).toBe(asked + 2);
  await expect(figure(frame, 'Plans opened')).toHaveText('1');

  // Ministry: the range only; the file prepared on the server, listed with its progress, then
  // downloaded and read back. (Opened by its address: once a frame has gone, Playwright's wait for
  // a quiet network, which the scans use, may never end.)
  await page.getByRole('tab', { name: 'Ministry' }).click();
  await expect(page.getByRole('heading', { name: 'Ministry report' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]tab=ministry(&|$)/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ministry report' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Centre' })).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(filesListed(page)).toBeVisible();
  found.push(...(await violationsOf(page, 'reports, ministry')));

  const range = `${longDate(start)} to ${longDate(end)}`;
  const release = await holdNewestRunning(page);
  await page.getByRole('button', { name: 'Prepare the file' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preparing the ministry file…' })).toBeVisible();
  const files = page.getByRole('table', { name: 'Your ministry files' });
  // Newest first: the file just asked for heads the list.
  const listed = files.getByRole('row').filter({ hasText: range }).first();
  const progress = listed.getByRole('progressbar', { name: `Preparing the ministry file for ${range}` });
  await expect(progress).toHaveAttribute('aria-valuenow', '25');
  await expect(progress).toHaveAttribute('aria-valuetext', '120 of 480 rows');
  await expect(listed).toContainText('120 of 480 rows');
  await expect(listed.getByRole('button', { name: /^Download / })).toHaveCount(0);
  found.push(...(await violationsOf(page, 'reports, ministry, a file being prepared')));

  // Once the server has written it, the list (asked every second meanwhile) says so.
  await release();
  const downloadButton = listed.getByRole('button', { name: /^Download / });
  await expect(downloadButton).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `The ministry file for ${range} is ready.` }),
  ).toBeVisible();
  await expect(listed).toContainText('Ready');
  await expect(listed).toContainText(/\d\s?(kB|MB)/);
  await expect(progress).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toContain(start);
  expect(download.suggestedFilename()).toContain(end);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(downloadButton).toHaveAccessibleName(
    new RegExp(`^Download ${escapeRegExp(download.suggestedFilename())}, prepared `),
  );
  await expect(page.getByRole('status').filter({ hasText: download.suggestedFilename() })).toBeVisible();
  const book = await readSpreadsheet(download);
  expect([...book.keys()]).toEqual(MINISTRY_SHEET_NAMES);
  const participants = book.get('Participants')!;
  expect(participants[0]).toContain('Client ID');
  const idColumn = participants[0]!.indexOf('Client ID');
  expect(participants.slice(1).map((row) => row[idColumn])).toContain(String(client.id));

  expect(found).toEqual([]);
});

test('an Admin prepares a ministry file and removes it: its row goes', async ({ page }) => {
  // A range of its own, so that no other journey's file is in its rows.
  const start = '2023-04-01';
  const end = '2024-03-31';
  const range = `${longDate(start)} to ${longDate(end)}`;
  await signInQuickly(page, DEMO.admin);
  await page.goto(`/reports?tab=ministry&start=${start}&end=${end}`);
  await expect(page.getByRole('heading', { name: 'Ministry report' })).toBeVisible();
  await expect(filesListed(page)).toBeVisible();
  const rows = page
    .getByRole('table', { name: 'Your ministry files' })
    .getByRole('row')
    .filter({ hasText: range });
  await expect(rows).toHaveCount(0);

  await page.getByRole('button', { name: 'Prepare the file' }).click();
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: /^Remove / }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your ministry files' })).toBeFocused();

  // Gone on the server too: its list no longer holds it.
  const token = await apiToken(page.request, DEMO.admin);
  const res = await page.request.get('/api/reporting/ministry-files', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: Array<{ start: string; end: string }> };
  expect(items.filter((file) => file.start === start && file.end === end)).toEqual([]);
});

test('a Coordinator sees six tabs and no centre filter: their own centre only', async ({ page }) => {
  const session = await signInQuickly(page, DEMO.coordinator);
  const me = await page.request.get(`/api/users/${session.user.user_id}`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  const centre = ((await me.json()) as { centre: { name: string } }).centre.name;

  // A Ministry tab in the address is not theirs: the first tab opens.
  await page.goto('/reports?tab=ministry');
  expect(await tabNames(page)).toEqual(DASHBOARD_TABS);
  await expect(page.getByRole('tab', { name: 'Clients' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Centre' })).toHaveCount(0);
  await expect(page.getByLabel('Start date')).toBeVisible();
  const frame = dashboardFrame(page, 'Clients');
  await expect(frame.getByText(scope(centre))).toBeVisible();

  await page.getByRole('tab', { name: 'Stories' }).click();
  const stories = dashboardFrame(page, 'Stories');
  await expect(stories.getByRole('heading', { name: 'Latest stories' })).toBeVisible();
  await expect(stories.getByText(scope(centre))).toBeVisible();

  // A reversed range asks for nothing and says why.
  await page.getByLabel('Start date').fill(currentFiscalYear().end);
  await page.getByLabel('End date').fill(currentFiscalYear().start);
  await expect(page.getByText('Correct the filters to see the dashboard.')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('two filters changed at the same moment both stay in the address', async ({ page }) => {
  await signInQuickly(page, DEMO.coordinator);
  await page.goto('/reports?tab=plans');
  await expect(page.getByLabel('Start date')).toBeVisible();
  // Both dates typed in one turn of the page's event loop, before the address shows the first.
  await typeAtOnce(page, [
    ['Start date', '2025-05-01'],
    ['End date', '2025-06-30'],
  ]);
  await expect(page).toHaveURL(/[?&]start=2025-05-01(&|$)/);
  await expect(page).toHaveURL(/[?&]end=2025-06-30(&|$)/);
  await expect(page).toHaveURL(/[?&]tab=plans(&|$)/);
  await expect(page.getByLabel('Start date')).toHaveValue('2025-05-01');
  await expect(page.getByLabel('End date')).toHaveValue('2025-06-30');
});

test('a dashboard link renews itself shortly before it expires', async ({ page }) => {
  await page.clock.install();
  await signInQuickly(page, DEMO.coordinator);
  const links: string[] = [];
  const drawn: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/api/reporting/dashboard-links')) {
      links.push(r.url());
    }
    if (r.url().includes('/api/embed/dashboard/')) drawn.push(r.status());
  });
  await page.goto('/reports?tab=outcomes');
  const frame = dashboardFrame(page, 'Outcomes');
  await expect(frame.getByRole('heading', { level: 1, name: 'Outcomes' })).toBeVisible();
  await expect.poll(() => links.length).toBe(1);

  // Eight minutes on, nothing yet; a link lives ten (spec §9), and is renewed a minute before.
  await page.clock.fastForward('08:00');
  expect(links.length).toBe(1);
  await page.clock.fastForward('01:30');
  await expect.poll(() => links.length).toBe(2);
  // The frame draws the dashboard again from the new link.
  await expect.poll(() => drawn).toEqual([200, 200]);
  await expect(frame.getByRole('heading', { level: 1, name: 'Outcomes' })).toBeVisible();
});

test('a Reporter lands on Reports and chooses a centre', async ({ page }) => {
  await signIn(page, DEMO.reporter);
  await expect(page).toHaveURL(/\/reports$/);
  expect(await tabNames(page)).toEqual(DASHBOARD_TABS);
  await expect(page.getByRole('combobox', { name: 'Centre' })).toHaveValue('All centres');
  await expect(dashboardFrame(page, 'Clients').getByText(scope('All centres'))).toBeVisible();
});

test('an embedded dashboard opened alone: accessible, a refused link explained, and both screens fit a phone', async ({
  page,
}) => {
  const found: string[] = [];
  const url = await dashboardLink(page, DEMO.admin, 'supports_trainings');

  // No sign-in: the link is the credential.
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Supports & Trainings' })).toBeVisible();
  await expect(figure(page, 'Spending')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole('table', { name: 'Spending by fiscal year: values' })).toBeAttached();
  found.push(...(await violationsOf(page, 'embedded dashboard')));

  // A chart's table shown on request.
  const card = page.getByRole('region', { name: 'Trainings by NOC code' });
  const show = card.getByRole('button', { name: 'Show table' });
  if (await show.isVisible()) {
    await show.click();
    await expect(card.getByRole('table')).toBeVisible();
  }

  await page.goto(`${url}x`);
  await expect(page.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeVisible();
  await expect(page.getByText('Link expired')).toHaveCount(0);
  found.push(...(await violationsOf(page, 'embedded dashboard, refused link')));

  // A 390 px phone: the embedded page, and the reports screen around it.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const dashboard of ['clients', 'stories']) {
    await page.goto(await dashboardLink(page, DEMO.admin, dashboard));
    await checkWidth(page, `embedded ${dashboard}`, page.getByRole('heading', { level: 1 }), found);
  }
  await signInQuickly(page, DEMO.admin);
  await page.goto('/reports');
  await checkWidth(
    page,
    'reports',
    dashboardFrame(page, 'Clients').getByRole('heading', { level: 1, name: 'Clients' }),
    found,
  );
  await page.goto('/reports?tab=ministry');
  await checkWidth(page, 'reports, ministry', page.getByRole('button', { name: 'Prepare the file' }), found);

  expect(found).toEqual([]);
});

test('the clients list exports as filtered and sorted', async ({ page, request }) => {
  const tag = unique();
  await createClient(request, { first_name: 'Ada', last_name: `Export${tag}` });
  await createClient(request, { first_name: 'Zed', last_name: `Export${tag}` });
  await signInQuickly(page, DEMO.coordinator);
  await page.goto(`/clients?s=Export${tag}&sortBy=full_name&sortDesc=true`);
  await expect(page.getByText('2 clients')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = await readSpreadsheet(download);
  const rows = book.get('Clients')!;
  const nameColumn = rows[0]!.indexOf('Name');
  expect(nameColumn).toBeGreaterThanOrEqual(0);
  expect(rows.slice(1).map((row) => row[nameColumn])).toEqual([`Zed Export${tag}`, `Ada Export${tag}`]);
  expect(rows[0]!.join(' ')).not.toMatch(/SIN/);
});
