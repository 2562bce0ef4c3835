import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema/clients.ts';
import { IMPORT_FIELDS } from '@cairn/shared/imports.schemas';
import { csvOf, readBook, sheetRows, uploadImport } from '../helpers/imports.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Imports in French (issue 34): the French template read back, French headers and labels, the problems file in French. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('imports in French (issue 34)', () => {
  it('imports a French template filled in with French labels: the stored values are the English ones', async () => {
    const template = await t.call('GET', '/api/imports/template?kind=clients&lang=fr', { as: 'coordinator' });
    expect(template.status).toBe(200);
    const book = await readBook(template.bytes);
    const sheet = book.worksheets[0]!;
    const headers = sheetRows(sheet)[0] as string[];
    const answers: Record<string, string> = {
      'Prénom *': 'Zélie',
      'Nom de famille *': 'Gabarit',
      'Date de naissance': '1985-07-20',
      Genre: 'Femme',
      'Province ou territoire': 'Québec',
      'État matrimonial': 'Conjoint de fait',
      'Nombre de personnes à charge': '2',
      'Jeune pris en charge': 'Non',
      'Handicap *': 'Oui',
      'Citoyenneté *': 'Résident permanent',
      'Plus haut niveau de scolarité': "Diplôme d'études secondaires",
      'Autochtone *': 'Oui',
      'Type de statut': 'Première Nation (Indien non inscrit)',
      Réserve: 'Hors réserve',
      "Formulaire de consentement et d'autorisation signé par le client *": 'Oui',
    };
    for (const [header, value] of Object.entries(answers)) {
      expect(headers, header).toContain(header);
      sheet.getCell(2, headers.indexOf(header) + 1).value = value;
    }
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const res = await uploadImport(t, 'coordinator', { filename: 'modele.xlsx', content: filled });
    expect(res.status, res.body).toBe(201);
    // Every header of the French template names its field.
    expect(res.json.columns.map((c: { field: string | null }) => c.field)).toEqual([...IMPORT_FIELDS]);
    expect(res.json).toMatchObject({ rows: 1, valid: 1, invalid: 0, unmatched: [], problems: [] });
    const commit = await t.call('POST', `/api/imports/${res.json.import_id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'skip' },
    });
    expect(commit.json).toMatchObject({ created: 1 });
    const [row] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, commit.json.clients[0].client_id));
    expect(row).toMatchObject({
      firstName: 'Zélie',
      lastName: 'Gabarit',
      dateOfBirth: '1985-07-20',
      gender: 'Female',
      province: 'QC',
      maritalStatus: 'Common-law',
      numberDependents: 2,
      youthInCare: 'No',
      disability: 'Yes',
      citizenship: 'Permanent resident',
      highestEducation: 'Highschool diploma',
      indigenous: 'Yes',
      statusType: 'Non-status First Nation',
      reserve: 'Off reserve',
      consent: true,
    });
  });

  it("reads the fields' English and French names as headers, and the choices' labels in either language", async () => {
    const csv = csvOf([
      [
        'First name',
        'Nom de famille',
        'Marital status',
        'Number of dependents',
        'Nombre de personnes à charge',
        'Disability',
        'Citizenship',
        'Plus haut niveau de scolarité',
        'Indigenous',
        'Status type',
        'Consent/release form signed by client',
        'Province ou territoire',
      ],
      [
        'Lina',
        'Labels',
        'Veuf',
        '1',
        '3',
        'No',
        'Personne protégée',
        'Baccalauréat',
        'Yes',
        'Première Nation (Indien inscrit)',
        'Oui',
        'Colombie-Britannique',
      ],
      [
        'Lino',
        'Labels',
        'Widowed',
        '',
        '',
        'Non',
        'Protected person',
        "Bachelor's degree",
        'Oui',
        'Métis',
        'Yes',
        'BC',
      ],
    ]);
    const res = await uploadImport(t, 'coordinator', { filename: 'labels.csv', content: csv });
    expect(res.status, res.body).toBe(201);
    expect(res.json.columns.map((c: { field: string | null }) => c.field)).toEqual([
      'first_name',
      'last_name',
      'marital_status',
      'number_dependents',
      null, // the same field again: the first column takes it
      'disability',
      'citizenship',
      'highest_education',
      'indigenous',
      'status_type',
      'consent',
      'province',
    ]);
    expect(res.json).toMatchObject({ valid: 2, invalid: 0 });
    const commit = await t.call('POST', `/api/imports/${res.json.import_id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'create' },
    });
    const ids = commit.json.clients.map((c: { client_id: number }) => c.client_id) as number[];
    const stored = await t.db.select().from(clients).where(inArray(clients.clientId, ids));
    const picked = stored
      .map((c) => [c.firstName, c.maritalStatus, c.citizenship, c.highestEducation, c.statusType, c.province])
      .sort();
    expect(picked).toEqual([
      ['Lina', 'Widowed', 'Protected person', "Bachelor's degree", 'Status First Nation', 'BC'],
      ['Lino', 'Widowed', 'Protected person', "Bachelor's degree", 'Métis', 'BC'],
    ]);
  });

  it("writes the problems file in French with ?lang=fr or for a French user's import", async () => {
    const csv = csvOf([
      ['Prénom', 'Nom de famille', 'Code postal', 'Handicap', 'Citoyenneté', 'Autochtone', 'Consentement'],
      ['', 'Sansprénom', 'K1A0B1', 'Non', 'Citoyen canadien', 'Non', 'Oui'],
      ['Paul', 'Postal', '12345', 'Non', 'Citoyen canadien', 'Non', 'Oui'],
      ['Guy', 'Genre', 'K1A0B1', 'Peut-être', 'Citoyen canadien', 'Non', 'Oui'],
    ]);
    const res = await uploadImport(t, 'coordinator', { filename: 'problemes.csv', content: csv });
    expect(res.json).toMatchObject({ rows: 3, valid: 0, invalid: 3, unmatched: [] });
    const id = res.json.import_id as number;
    const problems = async (query: string) => {
      const file = await t.call('GET', `/api/imports/${id}/problems.xlsx${query}`, { as: 'coordinator' });
      expect(file.status, file.body).toBe(200);
      const book = await readBook(file.bytes);
      return {
        fileName: String(file.headers['content-disposition']),
        sheet: book.worksheets[0]!.name,
        rows: sheetRows(book.worksheets[0]!),
      };
    };
    const french = await problems('?lang=fr');
    expect(french.fileName).toContain(`filename="importation-${id}-problemes.xlsx"`);
    expect(french.sheet).toBe('Problèmes');
    expect(french.rows[0]!.slice(0, 3)).toEqual(['Ligne', 'Problèmes', 'Prénom']);
    // A non-breaking space before the colon, as French writes it.
    expect(french.rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      [2, 'Prénom\u00a0: Ce champ est obligatoire'],
      [3, 'Code postal\u00a0: doit être un code postal valide'],
      [4, "Handicap\u00a0: doit être l'une des réponses proposées"],
    ]);
    // The rows as the file had them, the French labels as written.
    expect(french.rows[3]!.slice(2)).toEqual([
      'Guy',
      'Genre',
      'K1A0B1',
      'Peut-être',
      'Citoyen canadien',
      'Non',
      'Oui',
    ]);

    const english = await problems('');
    expect(english.sheet).toBe('Problems');
    expect(english.rows[1]!.slice(0, 2)).toEqual([2, 'First name: This field is required']);

    const userId = t.demo.coordinator.userId;
    await t.call('PUT', `/api/users/${userId}`, { as: 'coordinator', body: { locale: 'fr' } });
    try {
      expect((await problems('')).rows).toEqual(french.rows);
      expect((await problems('?lang=en')).rows).toEqual(english.rows);
    } finally {
      await t.call('PUT', `/api/users/${userId}`, { as: 'coordinator', body: { locale: 'en' } });
    }
    expect(
      (await t.call('GET', `/api/imports/${id}/problems.xlsx?lang=es`, { as: 'coordinator' })).status,
    ).toBe(400);
  });
});
