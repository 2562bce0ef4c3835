import { sql } from 'drizzle-orm';
import { MINISTRY_SHEET_NAMES, wordsIn } from '@cairn/shared/wording';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { createClient } from '../helpers/clients.ts';
import { useReportFixture, FORMULA_TEXT, RANGE, type ReportFixture } from '../helpers/report-fixture.ts';
import type { DemoUserKey, TestApp } from '../helpers/test-app.ts';
import { readBack, sheetXml } from '../helpers/xlsx.ts';

let t: TestApp;
let f: ReportFixture;
useReportFixture((app, fixture) => {
  t = app;
  f = fixture;
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function download(url: string, as: DemoUserKey) {
  const token = await t.tokenForId(t.demo[as].userId);
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return res;
}

describe('ministry spreadsheet: who may ask, and what', () => {
  const url = `/api/reporting/ministry-report?start=${RANGE.start}&end=${RANGE.end}`;

  it('answers 401 without a sign-in and 403 to Coordinators and Reporters', async () => {
    expect((await t.call('GET', url)).status).toBe(401);
    for (const as of ['coordinator', 'reporter'] as const) {
      const res = await t.call('GET', url, { as });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
    }
  });

  it('answers 400 for a missing, bad or reversed range', async () => {
    for (const query of [
      '',
      'start=2024-04-01',
      'start=2024-13-01&end=2025-03-31',
      'start=2025-04-01&end=2025-03-31',
      'start=abc&end=def',
    ]) {
      const res = await t.call('GET', `/api/reporting/ministry-report?${query}`, { as: 'admin' });
      expect(res.status, query).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
  });
});

describe('ministry spreadsheet: the file', () => {
  let bytes: Buffer;
  let headers: Record<string, unknown>;
  beforeAll(async () => {
    const res = await download(
      `/api/reporting/ministry-report?start=${RANGE.start}&end=${RANGE.end}`,
      'admin',
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    bytes = res.rawPayload;
    headers = res.headers;
  });

  it('is an .xlsx saved under a name holding both dates', () => {
    expect(headers['content-type']).toBe(XLSX);
    expect(String(headers['content-disposition'])).toMatch(
      /^attachment; filename="ministry-report_2024-04-01_2025-03-31\.xlsx"/,
    );
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('holds the six sheets with their headers and one row per record', async () => {
    const { sheets } = await readBack(bytes);
    // The names pinned here; other tests read them from MINISTRY_SHEET_NAMES.
    const names = ['Summary', 'Participants', 'Interventions', 'Outcomes', 'Follow-ups', 'Spending'];
    expect(MINISTRY_SHEET_NAMES).toEqual(names);
    expect(Object.keys(sheets)).toEqual(names);
    expect(sheets.Participants![0]).toEqual([
      'Client ID',
      'Centre ID',
      'Intake date',
      'Gender',
      'Age band',
      'Province',
      'Highest education',
      'Citizenship',
      'Plan ID',
      'Plan start',
      'Plan end',
      'Employment at plan start',
      'Program outcome',
      'Post-program status',
    ]);
    // Served: A1, A2, A3, A5, B1, by client id; no name or SIN anywhere.
    const participants = sheets.Participants!.slice(1);
    const c = f.clients;
    expect(participants.map((r) => r[0])).toEqual([c.A1, c.A2, c.A3, c.A5, c.B1].sort((a, b) => a - b));
    const a1 = participants.find((r) => r[0] === c.A1)!;
    expect(a1).toEqual([
      c.A1,
      f.centreA,
      '2024-04-01',
      'Female',
      '25-34',
      'MB',
      'Highschool diploma',
      'Canadian citizen',
      f.plans.P1,
      '2024-04-01',
      '2025-04-01',
      'Unemployed',
      'Complete',
      'Employed',
    ]);
    const a3 = participants.find((r) => r[0] === c.A3)!;
    // No plan: the plan's cells are empty.
    expect(a3[7]).toBe('Canadian citizen');
    expect(a3.slice(8).every((v) => v === null)).toBe(true);
    const text = JSON.stringify(sheets);
    for (const name of ['Ada', 'One', 'Flo', 'Six']) expect(text).not.toContain(`"${name}"`);
    expect(JSON.stringify(sheets.Participants![0])).not.toMatch(/\bSIN\b|Indigenous|Disability|Name/i);

    // Supports of active plans (4) and trainings dated in range (3).
    expect(sheets.Interventions![0]).toEqual([
      'Intervention',
      'Client ID',
      'Plan ID',
      'Item',
      'Category',
      'Reporting type',
      'NOC',
      'Date',
    ]);
    const interventions = sheets.Interventions!.slice(1);
    expect(interventions.filter((r) => r[0] === 'Support')).toHaveLength(4);
    expect(
      interventions
        .filter((r) => r[0] === 'Training')
        .map((r) => r[6])
        .sort(),
    ).toEqual(['1234', '1234', null]);
    expect(sheets.Outcomes!.slice(1).map((r) => r[1])).toEqual([f.plans.P6, f.plans.P5]);
    expect(sheets.Spending!.slice(1).map((r) => [r[2], r[3], r[6]])).toEqual([
      ['2024-04-01', 2024, 100.1],
      ['2024-10-10', 2024, 1000],
      ['2025-03-31', 2024, 0.05],
    ]);
  });

  it('sums the figures per fiscal quarter and in total', async () => {
    const { sheets } = await readBack(bytes);
    const [head, ...rows] = sheets.Summary!;
    expect(head!.slice(0, 3)).toEqual(['Fiscal year', 'Quarter', 'New clients']);
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['2024-25', 'Q1'],
      ['2024-25', 'Q2'],
      ['2024-25', 'Q3'],
      ['2024-25', 'Q4'],
      ['Total', null],
      // Retention's heading; the fixture's outcomes (written to the table) have no follow-ups.
      ['Retention (plans closed in the range, follow-ups due)', 'Follow-ups due'],
    ]);
    // The quarters and the total, above retention.
    const column = (name: string) => rows.slice(0, -1).map((r) => r[head!.indexOf(name)]);
    // New: A1, A5, B1 in April to June, A3 on 31 March 2025.
    expect(column('New clients')).toEqual([3, 0, 0, 1, 4]);
    // 100.10 (April), 1000.00 (October), 0.05 (31 March).
    expect(column('Spending ($)')).toEqual([100.1, 0, 1000, 0.05, 1100.15]);
    // In range: A1 2 (April) + 1 (May), B1 3 (December), A2 1 (31 March).
    expect(column('Interactions')).toEqual([3, 0, 3, 1, 7]);
    expect(column('Outcomes')).toEqual([0, 1, 0, 1, 2]);
  });

  it('writes user text as text, never as a formula', async () => {
    const { sheets, types } = await readBack(bytes);
    expect(types).not.toContain(ExcelJS.ValueType.Formula);
    expect(sheets.Outcomes!.flat()).toContain(FORMULA_TEXT);
    expect(sheets.Spending!.flat()).toEqual(expect.arrayContaining(['+1+1', '@SUM(A1:A2)']));
    const xml = await sheetXml(bytes);
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).not.toMatch(/ t="str"/);
    expect(xml).toContain('=HYPERLINK(&quot;http://example.com&quot;,&quot;click&quot;)');
  });
});

describe('clients list export', () => {
  let formulaClient: number;
  beforeAll(async () => {
    formulaClient = (
      await createClient(t, 'coordinator', { first_name: '=HYPERLINK("x","y")', last_name: 'Zed' })
    ).client_id;
  });

  it('answers 401 without a sign-in and 403 to a Reporter', async () => {
    expect((await t.call('GET', '/api/clients/export')).status).toBe(401);
    expect((await t.call('GET', '/api/clients/export', { as: 'reporter' })).status).toBe(403);
  });

  it('answers 400 for a sort it does not know', async () => {
    expect((await t.call('GET', '/api/clients/export?sort_by=sin', { as: 'admin' })).status).toBe(400);
  });

  it("exports the whole list in the caller's scope, sorted as asked, without SIN", async () => {
    const res = await download('/api/clients/export?sort_by=full_name&sort_desc=false', 'coordinator');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toMatch(/filename="clients_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { sheets, types } = await readBack(res.rawPayload);
    const [head, ...rows] = sheets.Clients!;
    expect(head).toEqual([
      'Client ID',
      'Name',
      'Email',
      'Phone',
      'Centre',
      'Worker',
      'Plan status',
      'Last updated',
    ]);
    // Centre A: A1 to A5 and the formula client; B1 is another centre's.
    const list = await t.call('GET', '/api/clients?sort_by=full_name&sort_desc=false&per_page=100', {
      as: 'coordinator',
    });
    const expected = (list.json.items as Array<{ client_id: number }>).map((i) => i.client_id);
    expect(expected).toHaveLength(6);
    expect(rows.map((r) => r[0])).toEqual(expected);
    expect(rows.map((r) => r[0])).not.toContain(f.clients.B1);
    expect(rows.find((r) => r[0] === formulaClient)![1]).toBe('=HYPERLINK("x","y") Zed');
    expect(types).not.toContain(ExcelJS.ValueType.Formula);
    const xml = await sheetXml(res.rawPayload);
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).not.toMatch(/ t="str"/);
  });

  it('exports what a search finds, and every centre to an Admin', async () => {
    const found = await download('/api/clients/export?s=Five', 'admin');
    const { sheets } = await readBack(found.rawPayload);
    expect(sheets.Clients!.slice(1).map((r) => r[0])).toEqual([f.clients.A5]);
    const all = await readBack((await download('/api/clients/export', 'admin')).rawPayload);
    expect(all.sheets.Clients!.slice(1)).toHaveLength(7);
    const none = await readBack((await download('/api/clients/export?s=nobody-at-all', 'admin')).rawPayload);
    expect(none.sheets.Clients).toHaveLength(1);
  });
});

describe('spreadsheets in French (issue 34)', () => {
  const fr = (key: string) => wordsIn('fr').spreadsheet(key);
  const frenchSheets = ['summary', 'participants', 'interventions', 'outcomes', 'follow_ups', 'spending'].map(
    (k) => fr(`ministry.sheets.${k}`),
  );
  const ministry = `/api/reporting/ministry-report?start=${RANGE.start}&end=${RANGE.end}`;

  it('writes the ministry file in French with ?lang=fr: sheet names, headers, file name; the same rows', async () => {
    const english = await readBack((await download(ministry, 'admin')).rawPayload);
    const res = await download(`${ministry}&lang=fr`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(
      `filename="${wordsIn('fr').spreadsheet('ministry.fileName', { start: RANGE.start, end: RANGE.end })}.xlsx"`,
    );
    const { sheets } = await readBack(res.rawPayload);
    expect(Object.keys(sheets)).toEqual(frenchSheets);
    expect(frenchSheets).not.toEqual(MINISTRY_SHEET_NAMES);
    const participants = sheets[fr('ministry.sheets.participants')]!;
    expect(participants[0]![0]).toBe(fr('ministry.participants.client_id'));
    // The records are the same, in the same order (their stored choices in French: the next test).
    const ids = (rows: unknown[][]) => rows.slice(1).map((r) => r[0]);
    expect(ids(participants)).toEqual(ids(english.sheets.Participants!));
    // Quarters and booleans in French words: T1 (trimestre); a spending line's work gear, Oui or Non.
    expect(sheets[fr('ministry.sheets.summary')]![1]![1]).toBe('T1');
    const workGear = (rows: unknown[][]) =>
      rows
        .slice(1)
        .map((r) => r[5])
        .filter((v) => v != null);
    const englishGear = workGear(english.sheets.Spending!);
    expect(englishGear.length).toBeGreaterThan(0);
    expect(new Set(englishGear)).toEqual(new Set(['Yes', 'No'].filter((w) => englishGear.includes(w))));
    expect(workGear(sheets[fr('ministry.sheets.spending')]!)).toEqual(
      englishGear.map((v) => (v === 'Yes' ? 'Oui' : 'Non')),
    );
  });

  it('writes every stored choice by its French label, the rest as stored; English as stored', async () => {
    const english = (await readBack((await download(ministry, 'admin')).rawPayload)).sheets;
    const { sheets } = await readBack((await download(`${ministry}&lang=fr`, 'admin')).rawPayload);
    const c = f.clients;
    const participants = sheets[fr('ministry.sheets.participants')]!.slice(1);
    // A1 as the English file has it (above): Female, MB, Highschool diploma, Canadian citizen,
    // Unemployed at plan start, Complete, Employed. The province stays its code in both languages.
    expect(participants.find((r) => r[0] === c.A1)).toEqual([
      c.A1,
      f.centreA,
      '2024-04-01',
      'Femme',
      '25-34',
      'MB',
      "Diplôme d'études secondaires",
      'Citoyen canadien',
      f.plans.P1,
      '2024-04-01',
      '2025-04-01',
      'Sans emploi',
      'Terminé',
      'En emploi',
    ]);
    // A3 has no date of birth: its age band unknown, in the file's words.
    expect(english.Participants!.find((r) => r[0] === c.A3)![4]).toBe('unknown');
    expect(participants.find((r) => r[0] === c.A3)![4]).toBe('Inconnue');
    expect(participants.find((r) => r[0] === c.A5)!.slice(3, 8)).toEqual([
      'Femme',
      '0-17',
      'MB',
      "Diplôme d'études secondaires",
      'Résident permanent',
    ]);
    expect(participants.find((r) => r[0] === c.B1)![3]).toBe('Homme');

    // Outcomes: P6 then P5, their outcome, reason, status after and certificate (stored 'Yes'/'No').
    const outcomes = (rows: unknown[][]) => rows.slice(1).map((r) => [r[1], r[3], r[4], r[5], r[8]]);
    expect(outcomes(english.Outcomes!)).toEqual([
      [f.plans.P6, 'Incomplete', 'Moved', 'Self-employed', 'No'],
      [f.plans.P5, 'Complete', null, 'Returned to school', 'Yes'],
    ]);
    expect(outcomes(sheets[fr('ministry.sheets.outcomes')]!)).toEqual([
      [f.plans.P6, 'Non terminé', 'Déménagement', 'Travailleur autonome', 'Non'],
      [f.plans.P5, 'Terminé', null, 'Retour aux études', 'Oui'],
    ]);

    // Interventions: the supports' categories (Cultural, Employment); a training has none.
    const categories = (rows: unknown[][]) => [...new Set(rows.slice(1).map((r) => r[4]))].sort();
    expect(categories(english.Interventions!)).toEqual(['Cultural', 'Employment', null]);
    expect(categories(sheets[fr('ministry.sheets.interventions')]!)).toEqual(['Culture', 'Emploi', null]);

    // The catalogue's names and reporting types, in French where the catalogue has them (migration
    // 0046); a plan's own name for an 'Other' item stays as typed.
    const names = await selectRows<{ name: string; name_fr: string | null }>(
      t.db,
      sql`SELECT name, name_fr FROM supports UNION ALL SELECT name, name_fr FROM trainings
          UNION ALL SELECT type, name_fr FROM reporting_types`,
    );
    const french = new Map(names.map((n) => [n.name, n.name_fr ?? n.name]));
    const named = (rows: unknown[][]) => rows.slice(1).map((r) => [r[3], r[5]]);
    const englishNamed = named(english.Interventions!);
    expect(englishNamed.length).toBeGreaterThan(0);
    expect(named(sheets[fr('ministry.sheets.interventions')]!)).toEqual(
      englishNamed.map(([item, type]) => [
        french.get(item as string) ?? item,
        type && french.get(type as string),
      ]),
    );
    expect(englishNamed.some(([item]) => french.get(item as string) !== item)).toBe(true);
  });

  it("writes the client export's plan status by its French label", async () => {
    const status = async (lang: string) => {
      const { sheets } = await readBack(
        (await download(`/api/clients/export?lang=${lang}`, 'admin')).rawPayload,
      );
      const rows = Object.values(sheets)[0]!.slice(1);
      return new Map(rows.map((r) => [r[0], r[6]]));
    };
    const [english, french] = [await status('en'), await status('fr')];
    // A1's plan is closed (it has an outcome), A2's open, A3 has none.
    expect([f.clients.A1, f.clients.A2, f.clients.A3].map((id) => english.get(id))).toEqual([
      'Closed',
      'Open',
      null,
    ]);
    expect([f.clients.A1, f.clients.A2, f.clients.A3].map((id) => french.get(id))).toEqual([
      'Fermé',
      'Ouvert',
      null,
    ]);
  });

  it("follows a French user's language unless ?lang says otherwise, and refuses another language", async () => {
    const id = t.demo.admin.userId;
    expect((await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { locale: 'fr' } })).status).toBe(
      200,
    );
    try {
      expect(Object.keys((await readBack((await download(ministry, 'admin')).rawPayload)).sheets)).toEqual(
        frenchSheets,
      );
      const english = await readBack((await download(`${ministry}&lang=en`, 'admin')).rawPayload);
      expect(Object.keys(english.sheets)).toEqual(MINISTRY_SHEET_NAMES);
      const exported = await readBack((await download('/api/clients/export', 'admin')).rawPayload);
      expect(Object.keys(exported.sheets)).toEqual([fr('clients.sheet')]);
      expect(exported.sheets[fr('clients.sheet')]![0]![0]).toBe(fr('clients.client_id'));
    } finally {
      await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { locale: 'en' } });
    }
    for (const url of [`${ministry}&lang=de`, '/api/clients/export?lang=FR'])
      expect((await t.call('GET', url, { as: 'admin' })).status, url).toBe(400);
  });
});
