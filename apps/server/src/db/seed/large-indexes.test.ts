import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { selectRows } from '../database.ts';
import { buildIndexesAgain, LOADED_TABLES, READ_BY_THE_LOAD, setIndexesAside } from './large-indexes.ts';
import { textArray } from './large-sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every index of the loaded tables, by name, with its definition. */
async function indexes(): Promise<Map<string, string>> {
  const rows = await selectRows<{ name: string; definition: string }>(
    t.db,
    sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
         WHERE schemaname = current_schema() AND tablename = ANY (${textArray(LOADED_TABLES)})`,
  );
  return new Map(rows.map((r) => [r.name, r.definition]));
}

describe('the large seed’s indexes set aside', () => {
  it('names tables and indexes the schema has', async () => {
    const tables = await selectRows<{ name: string }>(
      t.db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`,
    );
    expect(LOADED_TABLES.filter((name) => !tables.some((table) => table.name === name))).toEqual([]);
    const before = await indexes();
    expect(READ_BY_THE_LOAD.filter((name) => !before.has(name))).toEqual([]);
  });

  it('drops only what the load does not read, and builds every one of them again as it was', async () => {
    const before = await indexes();
    const aside = await setIndexesAside(t.db);
    const during = await indexes();
    // The list's sort orders and the reports' indexes go; what the load reads, and the unique ones, stay.
    expect(aside.map((index) => index.name)).toEqual(
      expect.arrayContaining([
        'clients_centre_name_key_sort_idx',
        'client_search_centre_trgm_idx',
        'report_interaction_days_centre_day_idx',
      ]),
    );
    for (const index of aside) expect(during.has(index.name), index.name).toBe(false);
    for (const name of READ_BY_THE_LOAD) expect(during.has(name), name).toBe(true);
    expect(during.has('clients_pkey')).toBe(true);
    expect(during.has('client_search_words_client_id_word_pk')).toBe(true);
    expect(during.size + aside.length).toBe(before.size);

    await buildIndexesAgain(t.db, aside, 2);
    expect(await indexes()).toEqual(before);
  });
});
