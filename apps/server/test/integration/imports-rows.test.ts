import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { IMPORT_FIELDS } from '@cairn/shared/imports.schemas';
import {
  csvOf,
  PERSON_HEADERS,
  readBook,
  sheetRows,
  uploadImport,
  xlsxOf,
  type Cell,
} from '../helpers/imports.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** How a file's rows read: every problem the intake's validation knows, header synonyms, dates, formulas, CSV. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every field but the centre, in the template's order. */
const ALL = IMPORT_FIELDS.filter((f) => f !== 'centre_id');
const VALID: Record<string, string> = {
  first_name: 'Rowan',
  last_name: 'Valid',
  date_of_birth: '1985-06-07',
  disability: 'No',
  citizenship: 'Canadian citizen',
  indigenous: 'No',
  consent: 'Yes',
};
const long = (n: number) => 'x'.repeat(n);

/** Each row's one fault: the field, the cell, and the intake's code for it. */
const FAULTS: Array<[string, string, string]> = [
  ['first_name', '', 'required'],
  ['first_name', long(65), 'maxLength'],
  ['middle_name', long(65), 'maxLength'],
  ['last_name', '', 'required'],
  ['last_name', long(65), 'maxLength'],
  ['date_of_birth', '2999-01-01', 'futureDate'],
  ['date_of_birth', 'yesterday', 'date'],
  ['date_of_birth', '1850-01-01', 'dateTooEarly'],
  ['date_of_birth', '31/02/1990', 'date'],
  ['gender', 'Robot', 'choice'],
  ['email', 'not-an-email', 'email'],
  ['email', `${long(130)}@example.ca`, 'maxLength'],
  ['phone', long(33), 'maxLength'],
  ['address', long(129), 'maxLength'],
  ['city', long(65), 'maxLength'],
  ['province', 'ZZ', 'choice'],
  ['postal_code', '12345', 'postalCode'],
  ['sin', '12345', 'sin'],
  ['sin', '012345678', 'sin'],
  ['language_spoken', long(65), 'maxLength'],
  ['marital_status', 'Complicated', 'choice'],
  ['number_dependents', 'two', 'wholeNumber'],
  ['number_dependents', '100', 'range'],
  ['youth_in_care', 'Maybe', 'choice'],
  ['disability', '', 'required'],
  ['disability', 'Perhaps', 'choice'],
  ['citizenship', '', 'required'],
  ['citizenship', 'Martian', 'choice'],
  ['highest_education', 'Kindergarten', 'choice'],
  ['indigenous', '', 'required'],
  ['consent', '', 'required'],
  ['consent', 'No', 'required'],
  ['last_name', 'Tab\u0007bell', 'controlCharacters'],
];

describe('imports: rows checked as an intake', () => {
  it('finds every problem of a 50-row file with the intake codes, and lists every rejected row in problems.xlsx', async () => {
    const rows: string[][] = [];
    for (let i = 0; i < 50; i++) {
      const values: Record<string, string> = {
        ...VALID,
        last_name: `Valid${i}`,
        date_of_birth: `19${50 + (i % 40)}-01-15`,
      };
      const fault = FAULTS[i];
      if (fault) values[fault[0]] = fault[1];
      rows.push(ALL.map((f) => values[f] ?? ''));
    }
    const res = await uploadImport(t, 'coordinator', {
      filename: 'fifty.csv',
      content: csvOf([ALL, ...rows]),
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ rows: 50, valid: 50 - FAULTS.length, invalid: FAULTS.length });
    FAULTS.forEach(([field, , code], i) => {
      expect(res.json.problems).toContainEqual(expect.objectContaining({ row: i + 2, field, code }));
    });
    // The very same codes an intake answers for the same answers.
    const intake = await t.call('POST', '/api/clients', {
      as: 'coordinator',
      body: { ...VALID, consent: true, gender: 'Robot', postal_code: '12345' },
    });
    expect(intake.json.error.field_codes).toMatchObject({
      gender: { code: 'choice' },
      postal_code: { code: 'postalCode' },
    });

    const problems = await t.call('GET', `/api/imports/${res.json.import_id}/problems.xlsx`, {
      as: 'coordinator',
    });
    expect(problems.status).toBe(200);
    const sheet = (await readBook(problems.bytes)).worksheets[0]!;
    const back = sheetRows(sheet);
    expect(back[0]!.slice(0, 3)).toEqual(['Row', 'Problems', 'first_name']);
    expect(back).toHaveLength(FAULTS.length + 1);
    expect(back[1]).toEqual(expect.arrayContaining([2, 'First name: This field is required']));
    const postal = back.find((r) => r[0] === FAULTS.findIndex((f) => f[0] === 'postal_code') + 2)!;
    expect(postal[1]).toBe('Postal code: must be a valid postal code');
  });

  it('matches headers by synonym, ignoring case, accents and spaces, and lists the others', async () => {
    const headers = [
      'Prénom',
      'SURNAME',
      'D.O.B.',
      'NAS',
      'Code Postal',
      'E-mail',
      'Disabled',
      'Citizenship',
      'Autochtone',
      'Consent signed',
      'Favourite colour',
    ];
    const file = await xlsxOf(headers, [
      [
        'Zoé',
        'Synonym',
        '1970-04-05',
        '345 678 912',
        'k1a 0b1',
        'zoe@example.ca',
        'N',
        'Canadian citizen',
        'Non',
        'Oui',
        'Blue',
      ],
    ]);
    const res = await uploadImport(t, 'coordinator', { filename: 'synonyms.xlsx', content: file });
    expect(res.status, res.body).toBe(201);
    expect(res.json.columns.map((c: { field: string | null }) => c.field)).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
      'sin',
      'postal_code',
      'email',
      'disability',
      'citizenship',
      'indigenous',
      'consent',
      null,
    ]);
    expect(res.json.unmatched).toEqual(['Favourite colour']);
    expect(res.json).toMatchObject({ valid: 1, invalid: 0 });
    const commit = await t.call('POST', `/api/imports/${res.json.import_id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'skip' },
    });
    const [row] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, commit.json.clients[0].client_id));
    expect(row).toMatchObject({
      postalCode: 'K1A0B1',
      disability: 'No',
      indigenous: 'No',
      consent: true,
      sinLast3: '912',
    });
  });

  it('reads dates as cells and as text in both orders, and the order can be changed', async () => {
    const dates: Cell[] = [
      new Date(Date.UTC(1990, 2, 5)),
      '1990-03-05',
      '05/03/1990',
      '13/02/1990',
      '2/13/1990',
      '5-3-90',
    ];
    const file = await xlsxOf(
      PERSON_HEADERS,
      dates.map((d, i) => [`Dora${i}`, 'Dates', d, null, 'No', 'Canadian citizen', 'No', 'Y']),
    );
    const res = await uploadImport(
      t,
      'coordinator',
      { filename: 'dates.xlsx', content: file },
      { date_order: 'dmy' },
    );
    expect(res.json).toMatchObject({ rows: 6, valid: 6 });
    const mdy = await t.call('PUT', `/api/imports/${res.json.import_id}`, {
      as: 'coordinator',
      body: { date_order: 'mdy' },
    });
    expect(mdy.status, mdy.body).toBe(200);
    expect(mdy.json).toMatchObject({ date_order: 'mdy', valid: 6 });
    const commit = await t.call('POST', `/api/imports/${res.json.import_id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'create' },
    });
    expect(commit.json.created).toBe(6);
    const ids = commit.json.clients.map((c: { client_id: number }) => c.client_id) as number[];
    const stored = await t.db.select().from(clients).where(inArray(clients.clientId, ids));
    const byName = Object.fromEntries(stored.map((c) => [c.firstName, c.dateOfBirth]));
    expect(byName).toEqual({
      Dora0: '1990-03-05',
      Dora1: '1990-03-05',
      Dora2: '1990-05-03', // month first, as chosen
      Dora3: '1990-02-13', // 13 cannot be a month
      Dora4: '1990-02-13',
      Dora5: '1990-05-03',
    });
  });

  it('keeps formula cells and formula-looking text as text, never evaluated', async () => {
    const file = await xlsxOf(
      ['first_name', 'middle_name', ...PERSON_HEADERS.slice(1)],
      [
        [
          '=1+2',
          { formula: 'HYPERLINK("http://evil.example","x")', result: 'x' },
          'Formula',
          '1960-01-01',
          null,
          'No',
          'Canadian citizen',
          'No',
          'Yes',
        ],
      ],
    );
    const res = await uploadImport(t, 'coordinator', { filename: 'formulas.xlsx', content: file });
    expect(res.json).toMatchObject({ valid: 1 });
    const csv = csvOf([
      PERSON_HEADERS,
      ['@SUM(A1)', '+Formula', '1961-01-01', '', 'No', 'Canadian citizen', 'No', 'Yes'],
    ]);
    const res2 = await uploadImport(t, 'coordinator', { filename: 'formulas.csv', content: csv });
    expect(res2.json).toMatchObject({ valid: 1 });
    for (const r of [res, res2]) {
      await t.call('POST', `/api/imports/${r.json.import_id}/commit`, {
        as: 'coordinator',
        body: { duplicates: 'create' },
      });
    }
    const stored = await t.db
      .select()
      .from(clients)
      .where(inArray(clients.lastName, ['Formula', '+Formula']));
    expect(stored.map((c) => [c.firstName, c.middleName]).sort()).toEqual([
      ['=1+2', '=HYPERLINK("http://evil.example","x")'],
      ['@SUM(A1)', null],
    ]);
  });

  it('reads CSV with a BOM, semicolons, quotes and line breaks inside quotes', async () => {
    const text = `\uFEFF${csvOf(
      [
        [...PERSON_HEADERS, 'address'],
        [
          'Cleo',
          'Semi;colon',
          '1975-07-08',
          '',
          'No',
          'Canadian citizen',
          'No',
          'Yes',
          '1 "Main" St\nUnit 2',
        ],
      ],
      ';',
    )}`;
    const res = await uploadImport(t, 'coordinator', { filename: 'semicolons.csv', content: text });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ rows: 1, valid: 1, unmatched: [] });
    const commit = await t.call('POST', `/api/imports/${res.json.import_id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'create' },
    });
    const [row] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, commit.json.clients[0].client_id));
    expect(row).toMatchObject({ lastName: 'Semi;colon', address: '1 "Main" St\nUnit 2' });
  });

  it('changes a column match, refuses one field twice', async () => {
    const csv = csvOf([
      ['Given', 'last_name', 'date_of_birth', 'disability', 'citizenship', 'indigenous', 'consent'],
      ['Mapi', 'Mapped', '1966-01-01', 'No', 'Canadian citizen', 'No', 'Yes'],
    ]);
    const res = await uploadImport(t, 'coordinator', { filename: 'map.csv', content: csv });
    expect(res.json).toMatchObject({ unmatched: ['Given'], valid: 0 });
    expect(res.json.problems).toContainEqual({ row: 2, field: 'first_name', code: 'required' });
    const put = await t.call('PUT', `/api/imports/${res.json.import_id}`, {
      as: 'coordinator',
      body: { columns: [{ column: 0, field: 'first_name' }] },
    });
    expect(put.json).toMatchObject({ unmatched: [], valid: 1, problems: [] });
    const twice = await t.call('PUT', `/api/imports/${res.json.import_id}`, {
      as: 'coordinator',
      body: { columns: [{ column: 1, field: 'first_name' }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.json.error.field_codes.columns.code).toBe('import_field_twice');
  });
});
