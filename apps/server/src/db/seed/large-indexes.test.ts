import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { selectRows } from '../database.ts';
import { clientRowStatements } from './large-derived.ts';
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

  it('keeps an index for every loaded table a batch reads its own clients’ rows from', async () => {
    // Each batch builds its clients' derived rows from their records (large-derived.ts); a record
    // table it can only read whole is read whole by every batch, a cost growing with the load
    // (the stories, before their index by client was kept: 55 s of a 1,000,000-client seed).
    // With sequential scans off, the planner takes one only where no index serves.
    const aside = await setIndexesAside(t.db);
    try {
      const wholeReads = await t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const found: string[] = [];
        for (const { table, statement } of clientRowStatements(1, 5000)) {
          const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(
            tx,
            sql`EXPLAIN (FORMAT JSON) ${statement}`,
          );
          const plan = JSON.stringify(row!['QUERY PLAN']);
          for (const [, relation] of plan.matchAll(
            /"Node Type":"Seq Scan"[^{}]*?"Relation Name":"([a-z_]+)"/g,
          )) {
            if ((LOADED_TABLES as readonly string[]).includes(relation!)) found.push(`${table}: ${relation}`);
          }
        }
        return found;
      });
      expect(wholeReads).toEqual([]);
    } finally {
      await buildIndexesAgain(t.db, aside, 1);
    }
  });
});
