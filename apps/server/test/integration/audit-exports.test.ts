import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../helpers/audit.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';
import { readBack } from '../helpers/xlsx.ts';

/**
 * The exports are in the trail (issue 14): the ministry spreadsheet and the clients list's export
 * each write one entry naming who, the parameters and the number of rows, and never the search
 * text, which may hold a SIN.
 */
let t: TestApp;
let exa: number;
beforeAll(async () => {
  t = await createTestApp();
  exa = (await createClient(t, 'coordinator', { first_name: 'Exa', last_name: 'Portwell' })).client_id;
});
afterAll(() => t.close());

async function download(url: string, as: DemoUserKey) {
  const token = await t.tokenForId(t.demo[as].userId);
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

/** The data rows of a sheet (its header row left out). */
async function dataRows(bytes: Buffer, sheetIndex = 0): Promise<number> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[sheetIndex]!.actualRowCount - 1;
}

describe('audit: the exports', () => {
  it('the ministry spreadsheet: one export entry with its range and the rows of each sheet', async () => {
    const url = '/api/reporting/ministry-report?start=2025-04-01&end=2026-03-31';
    const { result, entries } = await entriesOf(t, () => download(url, 'admin'));
    expect(result.statusCode).toBe(200);
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({
      action: 'export',
      record_kind: 'report',
      outcome: 'allowed',
      user_id: t.demo.admin.userId,
    });
    const rows = entry.details.rows as Record<string, number>;
    expect(entry.details).toMatchObject({ report: 'ministry', start: '2025-04-01', end: '2026-03-31' });
    // Participants is the second sheet (after Summary).
    expect(rows.participants).toBe(await dataRows(result.rawPayload, 1));
    expect(Object.keys(rows).sort()).toEqual([
      'follow_ups',
      'interventions',
      'outcomes',
      'participants',
      'spending',
    ]);
  });

  it('a refused ministry spreadsheet is a refused entry', async () => {
    const url = '/api/reporting/ministry-report?start=2025-04-01&end=2026-03-31';
    const { result, entries } = await entriesOf(t, () => download(url, 'coordinator'));
    expect(result.statusCode).toBe(403);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'export', record_kind: 'report', outcome: 'refused' });
  });

  it('the clients export: its sort and row count, never the search text', async () => {
    const sinLike = '046454286';
    const { result, entries } = await entriesOf(t, () =>
      download(`/api/clients/export?sort_by=full_name&sort_desc=false&s=${sinLike}`, 'coordinator'),
    );
    expect(result.statusCode).toBe(200);
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({ action: 'export', record_kind: 'client', outcome: 'allowed' });
    expect(entry.details).toMatchObject({ sort_by: 'full_name', sort_desc: false, searched: true, rows: 0 });
    expect(JSON.stringify(entry)).not.toContain(sinLike);

    const all = await entriesOf(t, () => download('/api/clients/export?sort_by=full_name', 'coordinator'));
    expect(all.entries[0]!.details.rows).toBe(await dataRows(all.result.rawPayload));
    expect(all.entries[0]!.details.rows).toBeGreaterThan(0);

    // A search with no column chosen is written best match first, and the entry says so.
    const best = await entriesOf(t, () => download(`/api/clients/export?s=${sinLike}`, 'coordinator'));
    expect(best.entries[0]!.details).toMatchObject({ sort_by: 'best_match', searched: true });
  });

  it("the trail's export is named by the filter's days", async () => {
    const named = async (query: string) => {
      const res = await download(`/api/audit/export${query}`, 'admin');
      expect(res.statusCode).toBe(200);
      return res.headers['content-disposition'];
    };
    expect(await named('?from=2026-01-01&to=2026-03-31')).toContain(
      'filename="audit-2026-01-01-to-2026-03-31.xlsx"',
    );
    expect(await named('?from=2026-01-01')).toContain('filename="audit-from-2026-01-01.xlsx"');
    expect(await named('?to=2026-03-31')).toContain('filename="audit-to-2026-03-31.xlsx"');
    expect(await named('')).toContain('filename="audit-trail.xlsx"');
  });

  it('a From after To, or a client number that is no number, is refused with its message, never read as no filter', async () => {
    for (const path of ['/api/audit', '/api/audit/export']) {
      const reversed = await download(`${path}?from=2026-03-31&to=2026-01-01`, 'admin');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error.field_codes.to.code).toBe('dateRangeReversed');
      expect(reversed.json().error.fields.to).toBe('The start date must not come after the end date');
      const notANumber = await download(`${path}?client_id=abc`, 'admin');
      expect(notANumber.statusCode).toBe(400);
      expect(notANumber.json().error.field_codes.client_id.code).toBe('wholeNumber');
    }
    const sameDay = await download('/api/audit?from=2026-01-01&to=2026-01-01', 'admin');
    expect(sameDay.statusCode).toBe(200);
  });

  it("the trail's export in French (issue 34): ?lang=fr, else the user's language; ?lang=en as before", async () => {
    const exported = async (query: string) => {
      const res = await download(`/api/audit/export?client_id=${exa}${query}`, 'admin');
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const { sheets } = await readBack(res.rawPayload);
      const [name] = Object.keys(sheets);
      const [headers, ...rows] = sheets[name!]!;
      // The client's one entry, its creation: the Coordinator's role, its action, record kind and outcome.
      expect(rows).toHaveLength(1);
      const created = rows[0]!;
      return {
        fileName: String(res.headers['content-disposition']),
        name,
        headers,
        created: [created[4], created[5], created[6], created[9], created[10]],
      };
    };
    const english = {
      name: 'audit',
      headers: [
        'seq',
        'at',
        'user_id',
        'user_name',
        'role',
        'action',
        'record_kind',
        'record_id',
        'client_id',
        'outcome',
        'record_name',
        'changes',
        'reason',
        'address',
        'user_agent',
        'details',
      ],
      created: ['Coordinator', 'create', 'client', 'allowed', 'Exa Portwell'],
    };
    const french = {
      name: 'Piste de vérification',
      headers: [
        'Numéro',
        'Date et heure',
        "Identifiant de l'utilisateur",
        'Utilisateur',
        'Rôle',
        'Action',
        "Type d'enregistrement",
        "Identifiant de l'enregistrement",
        'Identifiant du client',
        'Résultat',
        'Enregistrement',
        'Modifications',
        'Motif du refus',
        'Provenance',
        'Navigateur',
        'Détails',
      ],
      created: ['Coordonnateur', 'Création', 'Client', 'Autorisé', 'Exa Portwell'],
    };
    expect(await exported('')).toMatchObject(english);
    expect(await exported('&lang=en')).toMatchObject(english);
    const fr = await exported('&lang=fr');
    expect(fr).toMatchObject(french);
    expect(fr.fileName).toContain('filename="piste-de-verification.xlsx"');
    expect((await exported('&lang=fr&from=2026-01-01')).fileName).toContain(
      'filename="verification-depuis-le-2026-01-01.xlsx"',
    );

    const id = t.demo.admin.userId;
    expect((await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { locale: 'fr' } })).status).toBe(
      200,
    );
    try {
      expect(await exported('')).toMatchObject(french);
      expect(await exported('&lang=en')).toMatchObject(english);
    } finally {
      await t.call('PUT', `/api/users/${id}`, { as: 'admin', body: { locale: 'en' } });
    }
    for (const lang of ['de', 'FR', '']) {
      const res = await download(`/api/audit/export?lang=${lang}`, 'admin');
      expect(res.statusCode, lang).toBe(400);
      expect(res.json().error.field_codes.lang.code).toBe('choice');
    }
  });
});
