import { expect, test } from '@playwright/test';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { longDate } from './support/plans.ts';
import {
  currentFiscalYear,
  dashboardFrame,
  dashboardLink,
  dashboardScope as scope,
  figure,
  newCentre,
} from './support/reports.ts';
import { DEMO, signInQuickly } from './support/session.ts';

/**
 * A dashboard as people read it (issue 28): whole labels and values, its figures and bars opening
 * the clients they count, a Reporter's figures without links, a phone's buttons, and printing.
 */

test('a dashboard reads whole: labels uncut, every bar with its value, and its figures and bars open the clients they count', async ({
  page,
  request,
}) => {
  test.slow();
  const { tag, centreName, centreId } = await newCentre(request, 'Drill Centre');
  await createClient(
    request,
    {
      last_name: `Drill${tag}`,
      gender: 'Female',
      indigenous: 'Yes',
      status_type: 'Non-status First Nation',
      reserve: 'Off reserve',
      centre_id: centreId,
    },
    DEMO.admin,
  );
  const found: string[] = [];

  await signInQuickly(page, DEMO.admin);
  await page.goto(`/reports?centre=${centreId}`);
  const frame = dashboardFrame(page, 'Clients');
  await expect(frame.getByText(scope(centreName))).toBeVisible();
  // Clients served beside New and Active: the number the breakdowns count.
  await expect(figure(frame, 'Clients served')).toHaveText('1');
  await expect(figure(frame, 'New clients')).toHaveText('1');
  await expect(figure(frame, 'Active clients')).toHaveText('0');

  // The longest category is on the axis whole (on as many lines as it needs), and each bar says its value.
  const statusChart = frame.getByRole('region', { name: 'Status type' });
  const ticks = statusChart.locator('text[data-category-label]');
  await expect(ticks).toHaveCount(1);
  expect((await ticks.first().locator('tspan').allTextContents()).join(' ')).toBe('Non-status First Nation');
  await expect(statusChart.locator('.recharts-label-list text')).toHaveText(['1']);
  found.push(...(await violationsOf(page, 'reports, clients dashboard with links')));

  // A figure opens the clients it counts.
  await figure(frame, 'New clients').getByRole('link', { name: '1' }).click();
  await expect(page).toHaveURL(/\/clients\?.*counted=new/);
  expect(new URL(page.url()).searchParams.get('centre_id')).toBe(String(centreId));
  await expect(page.getByText('1 client', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Jordan Drill${tag}` })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Filtered list' });
  await expect(notice).toContainText('New clients from');
  await expect(notice).toContainText(`Centre: ${centreName}`);
  found.push(...(await violationsOf(page, 'clients list, filtered by a report')));

  // A bar opens the served clients of its point.
  await page.goBack();
  const gender = dashboardFrame(page, 'Clients').getByRole('region', { name: 'Gender' });
  await gender.locator('.recharts-bar-rectangle path').first().click();
  await expect(page).toHaveURL(/\/clients\?.*breakdown=gender&key=Female/);
  await expect(page.getByRole('region', { name: 'Filtered list' })).toContainText('Gender: Female');
  await expect(page.getByText('1 client', { exact: true })).toBeVisible();

  // And so does a row of the chart's table, once shown; Show all clients drops the filters.
  await page.goBack();
  const status = dashboardFrame(page, 'Clients').getByRole('region', { name: 'Status type' });
  await status.getByRole('button', { name: 'Show table' }).click();
  await status.getByRole('table').getByRole('link', { name: 'Non-status First Nation' }).click();
  await expect(page).toHaveURL(/breakdown=status_type/);
  await expect(page.getByText('1 client', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show all clients' }).click();
  await expect(page.getByRole('region', { name: 'Filtered list' })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('counted')).toBeNull();

  expect(found).toEqual([]);
});

test('no dashboard figure is a link for a Reporter, who reads no clients list', async ({ page }) => {
  await signInQuickly(page, DEMO.reporter);
  await page.goto('/reports');
  const frame = dashboardFrame(page, 'Clients');
  await expect(figure(frame, 'Clients served')).toBeVisible();
  await expect(frame.getByRole('term').getByText('Clients served', { exact: true })).toBeVisible();
  await expect(frame.getByRole('region', { name: 'Key figures' }).getByRole('link')).toHaveCount(0);
});

test('on a phone every Show table button is whole', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const dashboard of ['clients', 'supports_trainings', 'plans']) {
    await page.goto(await dashboardLink(page, DEMO.admin, dashboard));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const buttons = page.getByRole('button', { name: 'Show table' });
    await expect(buttons.first()).toBeVisible();
    const cut = await buttons.evaluateAll((elements) =>
      elements
        .map((button) => {
          const label = button.querySelector('.mantine-Button-label') ?? button;
          const box = button.getBoundingClientRect();
          return label.scrollWidth > label.clientWidth + 1 || box.right > window.innerWidth
            ? `${button.textContent} (${Math.round(box.width)} px)`
            : null;
        })
        .filter((text) => text !== null),
    );
    expect(cut, dashboard).toEqual([]);
  }
});

test('a dashboard prints on letter paper with its filters in the heading and no navigation', async ({
  page,
}) => {
  await signInQuickly(page, DEMO.admin);
  await page.goto('/reports?tab=plans');
  const frame = dashboardFrame(page, 'Plans');
  await expect(frame.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  const { start, end } = currentFiscalYear();
  const heading = page.getByRole('heading', {
    name: `Plans dashboard: All centres, ${longDate(start)} to ${longDate(end)}`,
  });
  await expect(heading).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('tablist', { name: 'Reports' })).toBeHidden();
  await expect(page.getByLabel('Start date')).toBeHidden();
  // Inside, the tables stand in for the charts and the buttons go.
  await expect(frame.getByText(scope('All centres'))).toBeVisible();
  await expect(frame.getByRole('table', { name: 'Employment at plan start: values' })).toBeVisible();
  const toggles = await frame.getByText('Show table', { exact: true }).all();
  expect(toggles.length).toBeGreaterThan(0);
  for (const toggle of toggles) await expect(toggle).toBeHidden();

  // Saved as PDF: letter paper (612 × 792 points) as the style sheet asks, though A4 is asked for.
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0 0 612 792\s*\]/);
  await page.emulateMedia({ media: 'screen' });
  await expect(heading).toBeHidden();

  // Another screen printed after the reports keeps its header: the reports' print rules left with them.
  await page.getByRole('link', { name: 'Clients' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});
