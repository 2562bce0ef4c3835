import { IMPORT_LIMITS } from '@cairn/shared/imports.schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centres } from '../../src/db/schema/centres.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { importRows, imports } from '../../src/db/schema/imports.ts';
import { multipart } from '../helpers/attachments.ts';
import { countRows } from '../helpers/rows.ts';
import { csvOf, PERSON_HEADERS, uploadImport } from '../helpers/imports.ts';
import { createTestApp, type DemoUserKey, type TestApp } from '../helpers/test-app.ts';

/** Who imports into which centre, whose import is whose, and the file's limits. */
let t: TestApp;
let northern: { id: number; name: string };
let prairie: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  const all = await t.db.select().from(centres);
  const named = (id: number) => ({ id, name: all.find((c) => c.centreId === id)!.name });
  northern = named(t.demo.coordinator.centreId!);
  prairie = named(t.demo.coordinator2.centreId!);
});
afterAll(() => t.close());

const person = (last: string, centre = '') => [
  'Cen',
  last,
  '1980-08-08',
  '',
  'No',
  'Canadian citizen',
  'No',
  'Yes',
  centre,
];
const WITH_CENTRE = [...PERSON_HEADERS, 'Centre'];
const allImports = () => countRows(t, imports, sql`true`);

describe('imports: roles and centres', () => {
  it('refuses Reporters every route, before reading anything', async () => {
    const csv = csvOf([PERSON_HEADERS, person('Reported').slice(0, 8)]);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/imports/template?kind=clients'],
      ['PUT', '/api/imports/1', {}],
      ['GET', '/api/imports/1/problems.xlsx'],
      ['POST', '/api/imports/1/commit', { duplicates: 'skip' }],
    ];
    for (const [method, url, body] of routes) {
      const res = await t.call(method as 'GET', url, { as: 'reporter', ...(body ? { body } : {}) });
      expect(res.status, url).toBe(403);
    }
    const before = await allImports();
    expect((await uploadImport(t, 'reporter', { filename: 'r.csv', content: csv })).status).toBe(403);
    expect(await allImports()).toBe(before);
  });

  it("lets an Admin place rows by a centre column or the file's centre, and says which rows name none", async () => {
    const csv = csvOf([
      WITH_CENTRE,
      person('AdminNorth', northern.name.toUpperCase()),
      person('AdminPrairie', String(prairie.id)),
      person('AdminDefault', ''),
      person('AdminNowhere', 'Atlantis Centre'),
    ]);
    const bare = await uploadImport(t, 'admin', { filename: 'admin.csv', content: csv });
    expect(bare.status, bare.body).toBe(201);
    expect(bare.json.problems).toEqual([
      { row: 4, field: 'centre_id', code: 'required' },
      { row: 5, field: 'centre_id', code: 'centre_not_found' },
    ]);
    const chosen = await t.call('PUT', `/api/imports/${bare.json.import_id}`, {
      as: 'admin',
      body: { centre_id: prairie.id },
    });
    expect(chosen.json).toMatchObject({ centre_id: prairie.id, valid: 3, invalid: 1 });
    const commit = await t.call('POST', `/api/imports/${bare.json.import_id}/commit`, {
      as: 'admin',
      body: { duplicates: 'skip' },
    });
    expect(commit.json).toMatchObject({ created: 3, rejected: 1 });
    const rows = await t.db
      .select()
      .from(clients)
      .where(inArray(clients.lastName, ['AdminNorth', 'AdminPrairie', 'AdminDefault']));
    expect(Object.fromEntries(rows.map((r) => [r.lastName, r.centreId]))).toEqual({
      AdminNorth: northern.id,
      AdminPrairie: prairie.id,
      AdminDefault: prairie.id,
    });
  });

  it("keeps a Coordinator to their own centre: another centre's rows are problems, another centre for the file 403", async () => {
    const csv = csvOf([
      WITH_CENTRE,
      person('CoordOwn', northern.name),
      person('CoordOther', prairie.name),
      person('CoordBlank'),
    ]);
    const res = await uploadImport(t, 'coordinator', { filename: 'coord.csv', content: csv });
    expect(res.json).toMatchObject({ centre_id: northern.id, valid: 2, invalid: 1 });
    expect(res.json.problems).toEqual([{ row: 3, field: 'centre_id', code: 'client_centre_forbidden' }]);
    const moved = await t.call('PUT', `/api/imports/${res.json.import_id}`, {
      as: 'coordinator',
      body: { centre_id: prairie.id },
    });
    expect(moved.status).toBe(403);
    expect(moved.json.error.code).toBe('client_centre_forbidden');
    const refused = await uploadImport(
      t,
      'coordinator',
      { filename: 'c.csv', content: csv },
      { centre_id: String(prairie.id) },
    );
    expect(refused.status).toBe(403);
    const commit = await t.call('POST', `/api/imports/${res.json.import_id}/commit`, {
      as: 'coordinator',
      body: { duplicates: 'skip' },
    });
    expect(commit.json).toMatchObject({ created: 2, rejected: 1 });
    expect(await t.db.select().from(clients).where(eq(clients.lastName, 'CoordOther'))).toHaveLength(0);
  });

  it("answers another user's import as missing", async () => {
    const res = await uploadImport(t, 'coordinator', {
      filename: 'mine.csv',
      content: csvOf([PERSON_HEADERS, person('Mine').slice(0, 8)]),
    });
    const id = res.json.import_id as number;
    for (const who of ['coordinator2', 'admin'] as DemoUserKey[]) {
      expect((await t.call('PUT', `/api/imports/${id}`, { as: who, body: {} })).status).toBe(404);
      expect((await t.call('GET', `/api/imports/${id}/problems.xlsx`, { as: who })).status).toBe(404);
      expect(
        (await t.call('POST', `/api/imports/${id}/commit`, { as: who, body: { duplicates: 'skip' } })).status,
      ).toBe(404);
    }
  });

  it('removes an import once expired', async () => {
    const res = await uploadImport(t, 'coordinator', {
      filename: 'old.csv',
      content: csvOf([PERSON_HEADERS, person('Old').slice(0, 8)]),
    });
    const id = res.json.import_id as number;
    await t.db
      .update(imports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(imports.importId, id));
    expect((await t.call('PUT', `/api/imports/${id}`, { as: 'coordinator', body: {} })).status).toBe(404);
    await uploadImport(t, 'coordinator', {
      filename: 'new.csv',
      content: csvOf([PERSON_HEADERS, person('New').slice(0, 8)]),
    });
    expect(await countRows(t, imports, eq(imports.importId, id))).toBe(0);
    expect(await countRows(t, importRows, eq(importRows.importId, id))).toBe(0);
  });
});

describe('imports: limits and bad files', () => {
  it(`refuses more than ${IMPORT_LIMITS.maxRows} rows with 413, keeping nothing`, async () => {
    const before = await allImports();
    const line = 'A,B,1980-01-01,,No,Canadian citizen,No,Yes';
    const csv = `${PERSON_HEADERS.join(',')}\n${`${line}\n`.repeat(IMPORT_LIMITS.maxRows + 1)}`;
    const res = await uploadImport(t, 'coordinator', { filename: 'many.csv', content: csv });
    expect(res.status).toBe(413);
    expect(res.json.error).toMatchObject({
      code: 'import_too_many_rows',
      params: { max: IMPORT_LIMITS.maxRows },
    });
    expect(await allImports()).toBe(before);
  });

  it('refuses a file past 20 MB with 413', async () => {
    const big = Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 'a');
    const res = await uploadImport(t, 'coordinator', { filename: 'big.csv', content: big });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('import_too_large');
  });

  it('says what is wrong with a file that is no spreadsheet, empty, missing, or not a form', async () => {
    const cases: Array<[{ filename: string; content: string | Buffer }, number, string]> = [
      [{ filename: 'scan.pdf', content: '%PDF-1.4' }, 415, 'import_file_type'],
      [{ filename: 'broken.xlsx', content: 'not a zip at all' }, 400, 'import_file_unreadable'],
      [{ filename: 'empty.csv', content: '' }, 400, 'import_empty'],
      [{ filename: 'header.csv', content: 'first_name,last_name\n' }, 400, 'import_empty'],
    ];
    for (const [file, status, code] of cases) {
      const res = await uploadImport(t, 'coordinator', file);
      expect(res.status, file.filename).toBe(status);
      expect(res.json.error.code, file.filename).toBe(code);
    }
    const form = multipart([{ name: 'kind', content: 'clients' }]);
    const none = await t.call('POST', '/api/imports', {
      as: 'coordinator',
      body: form.payload,
      headers: { 'content-type': form.contentType },
    });
    expect(none.json.error.code).toBe('import_file_missing');
    const wrongKind = await uploadImport(
      t,
      'coordinator',
      { filename: 'a.csv', content: 'a\n1\n' },
      { kind: 'plans' },
    );
    expect(wrongKind.status).toBe(400);
    const json = await t.call('POST', '/api/imports', { as: 'coordinator', body: { kind: 'clients' } });
    expect(json.status).toBe(415);
  });

  it('never answers 5xx to hostile files: random bytes, a cut .xlsx, binary under a .csv name', async () => {
    const template = (await t.call('GET', '/api/imports/template?kind=clients', { as: 'coordinator' })).bytes;
    const files: Array<{ filename: string; content: Buffer }> = [];
    let seed = 7;
    const random = (n: number) =>
      Buffer.from(Array.from({ length: n }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256));
    for (const size of [1, 10, 300, 5000]) {
      files.push({ filename: 'r.xlsx', content: random(size) }, { filename: 'r.csv', content: random(size) });
    }
    for (const cut of [30, 500, Math.floor(template.length / 2), template.length - 10]) {
      files.push({ filename: 'cut.xlsx', content: template.subarray(0, cut) });
    }
    files.push({ filename: 'zip.xlsx', content: Buffer.concat([Buffer.from('PK\x03\x04'), random(2000)]) });
    for (const file of files) {
      const res = await uploadImport(t, 'coordinator', file);
      expect(res.status, `${file.filename} ${file.content.length}: ${res.body.slice(0, 200)}`).toBeLessThan(
        500,
      );
    }
  });
});
