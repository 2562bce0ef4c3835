import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { importRows } from '../../src/db/schema/imports.ts';
import { auditRows, lastSeq } from '../helpers/audit.ts';
import { countRows } from '../helpers/rows.ts';
import { IMPORT_CHOICES } from '@cairn/shared/import-reading';
import { IMPORT_FIELDS, IMPORT_LIMITS } from '@cairn/shared/imports.schemas';
import { PERSON_HEADERS, readBook, sheetRows, uploadImport, xlsxOf } from '../helpers/imports.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = (first: string, last: string, dob: string, sin: string) => [
  first,
  last,
  dob,
  sin,
  'No',
  'Canadian citizen',
  'No',
  'Yes',
];

describe('imports: upload, preview, commit', () => {
  it('reads a real .xlsx, previews it, commits it once, and finds every row again on a second upload', async () => {
    const rows = [
      person('Imka', 'Alpha', '1980-01-02', '234 567 891'),
      person('Imka', 'Beta', '1981-02-03', '123-456-782'),
      person('Imka', 'Gamma', '05/03/1990', ''),
    ];
    const file = await xlsxOf(PERSON_HEADERS, rows);
    const res = await uploadImport(t, 'coordinator', { filename: 'people.xlsx', content: file });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({
      rows: 3,
      valid: 3,
      invalid: 0,
      duplicates: 0,
      problems: [],
      unmatched: [],
    });
    expect(res.json.columns.map((c: { field: string }) => c.field)).toEqual(PERSON_HEADERS);
    const id = res.json.import_id as number;
    expect(await countRows(t, importRows, sql`import_id = ${id}`)).toBe(3);

    const before = await lastSeq(t);
    const commit = await t.call('POST', `/api/imports/${id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'skip' },
    });
    expect(commit.status, commit.body).toBe(200);
    expect(commit.json).toMatchObject({ created: 3, updated: 0, skipped: 0, rejected: 0 });
    const ids = commit.json.clients.map((c: { client_id: number }) => c.client_id) as number[];
    const stored = await t.db.select().from(clients).where(inArray(clients.clientId, ids));
    expect(stored.map((c) => c.dateOfBirth).sort()).toEqual(['1980-01-02', '1981-02-03', '1990-03-05']);
    // SINs encrypted as at intake: never in clear, the last three digits kept for the mask.
    const alpha = stored.find((c) => c.lastName === 'Alpha')!;
    expect(alpha.sinEncrypted).not.toContain('234567891');
    expect(t.clientCrypto.decrypt(alpha.sinEncrypted!)).toBe('234567891');
    expect(alpha.sinLast3).toBe('891');
    // The call's entry names the import with its counts; each client has an entry of its own naming it.
    const entries = (await auditRows(t, before)).filter((e) => e.details.import_id === id);
    expect(entries).toHaveLength(4);
    expect(entries.filter((e) => e.client_id === null)).toMatchObject([
      { action: 'create', outcome: 'allowed', details: { created: 3, updated: 0 } },
    ]);
    expect(
      entries
        .map((e) => e.client_id)
        .filter((c) => c !== null)
        .sort(),
    ).toEqual([...ids].sort());
    expect(entries.find((e) => e.client_id === alpha.clientId)?.details.record_name).toBe('Imka Alpha');

    const again = await t.call('POST', `/api/imports/${id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'skip' },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('import_committed');

    const second = await uploadImport(t, 'coordinator', { filename: 'people.xlsx', content: file });
    expect(second.json).toMatchObject({ rows: 3, valid: 3, duplicates: 3 });
  });

  it('reads the template back: marked headers, a drop-down list per enumeration, the columns sheet', async () => {
    const res = await t.call('GET', '/api/imports/template?kind=clients', { as: 'coordinator' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('clients-import-template.xlsx');
    const book = await readBook(res.bytes);
    const [clientsSheet, about, lists] = book.worksheets;
    const headers = sheetRows(clientsSheet!)[0] as string[];
    expect(headers).toHaveLength(IMPORT_FIELDS.length);
    const marked = headers.filter((h) => h.endsWith(' *')).map((h) => h.slice(0, -2));
    expect(marked.sort()).toEqual([
      'citizenship',
      'consent',
      'disability',
      'first_name',
      'indigenous',
      'last_name',
    ]);
    // Every enumerated field's column offers its choices, on every row a file may hold.
    for (const [field, choices] of Object.entries(IMPORT_CHOICES)) {
      const column = headers.findIndex((h) => h.replace(' *', '') === field) + 1;
      for (const row of [2, IMPORT_LIMITS.maxRows + 1]) {
        const validation = clientsSheet!.getCell(row, column).dataValidation;
        expect(validation, `${field} row ${row}`).toMatchObject({ type: 'list' });
        const [, col, first, last] = /!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(
          String(validation.formulae![0]),
        )!;
        const listed = [];
        for (let r = Number(first); r <= Number(last); r++) listed.push(lists!.getCell(`${col}${r}`).value);
        expect(listed, field).toEqual([...choices!]);
      }
    }
    expect(clientsSheet!.getCell(2, headers.indexOf('first_name *') + 1).dataValidation).toBeUndefined();
    expect(lists!.state).toBe('hidden');
    // The columns sheet: each field with its words, whether required, its choices and what it holds.
    const explained = sheetRows(about!);
    expect(explained[1]).toEqual(['Column', 'Field', 'Required', 'Allowed values', 'What it holds']);
    expect(explained.find((r) => r[0] === 'sin')).toEqual([
      'sin',
      'Social Insurance Number',
      'No',
      '',
      '9 digits (spaces and dashes are read too). Stored encrypted.',
    ]);
    expect(explained.find((r) => r[0] === 'gender')?.[3]).toBe('Male, Female, Other');
  });

  it("reads the template back in French (issue 34): ?lang=fr, else the user's language; ?lang=en as before", async () => {
    const template = async (query: string) => {
      const res = await t.call('GET', `/api/imports/template?kind=clients${query}`, { as: 'coordinator' });
      expect(res.status, res.body).toBe(200);
      return { res, book: await readBook(res.bytes) };
    };
    const { res, book } = await template('&lang=fr');
    expect(res.headers['content-disposition']).toContain('filename="modele-importation-clients.xlsx"');
    expect(book.worksheets.map((s) => s.name)).toEqual(['Clients', 'Colonnes', 'Listes']);
    const [clientsSheet, about, lists] = book.worksheets;
    const headers = sheetRows(clientsSheet!)[0] as string[];
    expect(headers.slice(0, 4)).toEqual([
      'Prénom *',
      'Second prénom',
      'Nom de famille *',
      'Date de naissance',
    ]);
    expect(headers.filter((h) => h.endsWith(' *')).sort()).toEqual([
      'Autochtone *',
      'Citoyenneté *',
      "Formulaire de consentement et d'autorisation signé par le client *",
      'Handicap *',
      'Nom de famille *',
      'Prénom *',
    ]);
    // The drop-down lists offer the choices by their French labels; a province by its code.
    const listed = (header: string) => {
      const validation = clientsSheet!.getCell(2, headers.indexOf(header) + 1).dataValidation;
      const [, col, first, last] = /!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(
        String(validation.formulae![0]),
      )!;
      const values = [];
      for (let r = Number(first); r <= Number(last); r++) values.push(lists!.getCell(`${col}${r}`).value);
      return values;
    };
    expect(listed('Genre')).toEqual(['Homme', 'Femme', 'Autre']);
    expect(listed('Citoyenneté *')).toEqual(['Citoyen canadien', 'Résident permanent', 'Personne protégée']);
    expect(listed('Handicap *')).toEqual(['Oui', 'Non']);
    expect(listed('Province ou territoire')).toContain('QC');
    expect(listed('Type de statut')).toEqual([
      'Première Nation (Indien inscrit)',
      'Première Nation (Indien non inscrit)',
      'Métis',
      'Inuit',
    ]);
    const explained = sheetRows(about!);
    expect(String(explained[0]![0])).toMatch(/^Un client par ligne/);
    expect(explained[1]).toEqual(['Colonne', 'Champ', 'Obligatoire', 'Valeurs permises', 'Contenu']);
    expect(explained.find((r) => r[0] === 'Genre')).toEqual([
      'Genre',
      'Genre',
      'Non',
      'Homme, Femme, Autre',
      'Une valeur de la liste.',
    ]);
    expect(explained.find((r) => r[0] === "Numéro d'assurance sociale")?.[2]).toBe('Non');

    // A French user's template is French; ?lang=en gives the English one, as it always was.
    const id = t.demo.coordinator.userId;
    expect(
      (await t.call('PUT', `/api/users/${id}`, { as: 'coordinator', body: { locale: 'fr' } })).status,
    ).toBe(200);
    try {
      const own = await template('');
      expect(sheetRows(own.book.worksheets[0]!)[0]).toEqual(headers);
      const english = await template('&lang=en');
      expect(english.res.headers['content-disposition']).toContain('clients-import-template.xlsx');
      expect(english.book.worksheets.map((s) => s.name)).toEqual(['Clients', 'Columns', 'Lists']);
      expect((sheetRows(english.book.worksheets[0]!)[0] as string[]).slice(0, 3)).toEqual([
        'first_name *',
        'middle_name',
        'last_name *',
      ]);
    } finally {
      await t.call('PUT', `/api/users/${id}`, { as: 'coordinator', body: { locale: 'en' } });
    }
    expect(
      (await t.call('GET', '/api/imports/template?kind=clients&lang=de', { as: 'coordinator' })).status,
    ).toBe(400);
  });
});
