import {
  expect,
  type APIRequestContext,
  type Download,
  type FrameLocator,
  type Page,
} from '@playwright/test';
import ExcelJS from 'exceljs';
import { longDate } from './plans.ts';
import { apiToken, DEMO, unique } from './session.ts';

/** The current fiscal year (spec §9: 1 April to 31 March), as the reports screen defaults to it. */
export function currentFiscalYear(today = new Date()): { start: string; end: string } {
  const year = today.getMonth() >= 3 ? today.getFullYear() : today.getFullYear() - 1;
  return { start: `${year}-04-01`, end: `${year + 1}-03-31` };
}

/** What the embedded dashboard says it covers: its centre and range, as it words them. */
export function dashboardScope(centre: string) {
  const { start, end } = currentFiscalYear();
  return `${centre}, ${longDate(start)} to ${longDate(end)}`;
}

/** A signed dashboard link asked of the API by `email`, as the reports screen asks for it. */
export async function dashboardLink(page: Page, email: string, dashboard: string, centre = -1) {
  const token = await apiToken(page.request, email);
  const { start, end } = currentFiscalYear();
  const res = await page.request.post('/api/reporting/dashboard-links', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dashboard, start_date: start, end_date: end, centre_id: centre },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** A new centre with a unique name made by the demo Admin, as set-up: its name, id and the token. */
export async function newCentre(request: APIRequestContext, label: string) {
  const tag = unique();
  const admin = await apiToken(request, DEMO.admin);
  const centreName = `${label} ${tag}`;
  return { tag, admin, centreName, centreId: await createCentre(request, admin, centreName) };
}

/** A centre made through the API by an Admin, as set-up. */
export async function createCentre(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.post('/api/centres', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      address: '12 Lake Road',
      city: 'Sioux Lookout',
      province: 'ON',
      postal_code: 'P8T1A1',
      phone: '807-555-0142',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The dashboard frame of the reports screen, by the dashboard it shows ('Clients dashboard'). */
export function dashboardFrame(page: Page, dashboard: string): FrameLocator {
  return page.frameLocator(`iframe[title="${dashboard} dashboard"]`);
}

/** A figure's value as a dashboard shows it: the definition that follows the term `name`. */
export function figure(frame: FrameLocator | Page, name: string) {
  return frame.getByRole('term').getByText(name, { exact: true }).locator('xpath=following-sibling::dd[1]');
}

/** A downloaded spreadsheet read back with exceljs: its sheets' names and each sheet's rows of text. */
export async function readSpreadsheet(download: Download) {
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheets = new Map<string, string[][]>();
  book.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
      rows.push(cells);
    });
    sheets.set(sheet.name, rows);
  });
  return sheets;
}

/**
 * Holds the newest ministry file at 120 of its 480 rows in what the list answers the screen (demo
 * data is written in well under a second), so that a journey sees and scans a file being
 * prepared; the file itself, its request and its download are the server's own, and the list is
 * the server's again once released (what the screen then shows is real). Resolves to the release,
 * which lets an answer under way finish first: unrouted while its handler waits for the server,
 * Playwright hands the request on itself and the handler's own answer fails ("Route is already
 * handled!", microsoft/playwright#36585).
 */
export async function holdNewestRunning(page: Page): Promise<() => Promise<void>> {
  const url = '**/api/reporting/ministry-files';
  let released = false;
  const underWay = new Set<Promise<void>>();
  await page.route(url, (route) => {
    if (released || route.request().method() !== 'GET') return route.fallback();
    const answer = (async () => {
      const response = await route.fetch();
      const list = (await response.json()) as { items: Array<Record<string, unknown>> };
      const [newest, ...older] = list.items;
      const held = { ...newest, status: 'running', rows_written: 120, rows_total: 480, size: null };
      await route.fulfill({ status: response.status(), json: { items: newest ? [held, ...older] : [] } });
    })();
    underWay.add(answer);
    return answer.finally(() => underWay.delete(answer));
  });
  return async () => {
    released = true;
    await Promise.allSettled([...underWay]);
    await page.unroute(url);
  };
}
