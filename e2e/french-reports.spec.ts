import { expect, test } from '@playwright/test';
import { fr, frenchDate, inFrenchEachTest, Screens } from './support/french.ts';
import { currentFiscalYear, holdNewestRunning, readSpreadsheet } from './support/reports.ts';
import { DEMO, setLanguage, signInQuickly } from './support/session.ts';

/**
 * Issue 34's journey in French, the reports (french-journey.spec.ts tells what each screen is
 * checked for): every dashboard of the Reports screen, then the ministry file prepared on the
 * server, its progress, its download and the file read back in French.
 */

inFrenchEachTest();

test('every dashboard read in French, and the ministry file downloaded in French', async ({
  page,
  request,
}, info) => {
  test.slow();
  await setLanguage(request, DEMO.admin, 'fr');
  const screens = new Screens(page, info);
  await signInQuickly(page, DEMO.admin);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: fr.reports('title') })).toBeVisible();
  const { start, end } = currentFiscalYear();
  const scope = fr.reports('embed.scope', {
    centre: fr.reports('embed.allCentres'),
    start: frenchDate(start),
    end: frenchDate(end),
  });
  const tabs = page.getByRole('tablist', { name: fr.reports('tabsLabel') });
  const dashboards = ['clients', 'client_interactions', 'plans', 'outcomes', 'supports_trainings', 'stories'];
  await expect(tabs.getByRole('tab')).toHaveText([
    ...dashboards.map((key) => fr.reports(`tabs.${key}`)),
    fr.reports('tabs.ministry'),
  ]);
  for (const key of dashboards) {
    const tab = tabs.getByRole('tab', { name: fr.reports(`tabs.${key}`), exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const title = fr.reports('frame.title', { dashboard: fr.reports(`tabs.${key}`) });
    const frame = page.frameLocator(`iframe[title=${JSON.stringify(title)}]`);
    await expect(frame.getByRole('heading', { level: 1, name: fr.reports(`dashboards.${key}`) })).toBeVisible(
      {
        timeout: 15_000,
      },
    );
    await expect(frame.getByText(scope)).toBeVisible();
    await screens.check(`dashboard ${key}`);
  }

  // The ministry file (opened by its address: once a frame has gone, the quiet network the checks
  // wait for may never be reported).
  await tabs.getByRole('tab', { name: fr.reports('tabs.ministry') }).click();
  await expect(page).toHaveURL(/[?&]tab=ministry(&|$)/);
  await page.reload();
  await expect(page.getByRole('heading', { name: fr.reports('ministry.heading') })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: fr.reports('ministry.files') })
      .or(page.getByText(fr.reports('ministry.empty', { hours: 24 }))),
  ).toBeVisible();
  await screens.check('ministry');

  // Prepared on the server: the list shows it under way (held at 120 of 480 rows in what the
  // list answers, so the French screen is seen and checked in that state), then ready.
  const release = await holdNewestRunning(page);
  await page.getByRole('button', { name: fr.reports('ministry.prepare') }).click();
  await expect(page.getByRole('status').filter({ hasText: fr.reports('ministry.preparing') })).toBeVisible();
  const dates = { start: frenchDate(start), end: frenchDate(end) };
  const listed = page
    .getByRole('table', { name: fr.reports('ministry.files') })
    .getByRole('row')
    .filter({ hasText: fr.reports('ministry.range', dates) })
    .first();
  const progress = listed.getByRole('progressbar', { name: fr.reports('ministry.progress', dates) });
  await expect(progress).toHaveAttribute('aria-valuenow', '25');
  const rows = fr.reports('ministry.rows_other', { written: 120, total: 480 });
  await expect(listed).toContainText(rows);
  await expect(progress).toHaveAttribute('aria-valuetext', rows);
  await screens.check('ministry, a file being prepared');
  await release();

  const fileName = `${fr.spreadsheets('ministry.fileName', { start, end })}.xlsx`;
  // The button's name: the file's, then when it was prepared.
  const downloadButton = listed.getByRole('button', {
    name: fr.reports('ministry.downloadLabel', { name: fileName, time: '' }).trim(),
  });
  await expect(downloadButton).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: fr.reports('ministry.ready', dates) }),
  ).toBeVisible();
  await expect(listed).toContainText(fr.reports('ministry.status.ready'));
  await expect(listed).toContainText(/\d\s?(ko|Mo)/);
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  await expect(
    page.getByRole('status').filter({ hasText: fr.reports('ministry.saved', { name: fileName }) }),
  ).toBeVisible();
  const book = await readSpreadsheet(download);
  const sheets = ['summary', 'participants', 'interventions', 'outcomes', 'follow_ups', 'spending'];
  expect([...book.keys()]).toEqual(sheets.map((key) => fr.spreadsheets(`ministry.sheets.${key}`)));
  const participants = book.get(fr.spreadsheets('ministry.sheets.participants'))!;
  expect(participants[0]).toContain(fr.spreadsheets('ministry.participants.client_id'));
  expect(participants.length).toBeGreaterThan(1);
  screens.expectNone();
});
