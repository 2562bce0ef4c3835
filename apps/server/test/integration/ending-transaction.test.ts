import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { endingStatement, transactionEndingWith } from '../../src/db/ending-transaction.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(
    sql`CREATE TABLE ending_probe (n bigint PRIMARY KEY, label text, doc jsonb, at timestamptz)`,
  );
}, 60_000);
afterAll(async () => {
  await t.db.execute(sql`DROP TABLE ending_probe`);
  await t.close();
});

interface Probe extends Record<string, unknown> {
  n: number | bigint;
  label: string | null;
  doc: string;
  at: string | null;
}
const probeInsert = endingStatement(
  (v: Probe) =>
    sql`INSERT INTO ending_probe (n, label, doc, at) VALUES (${v.n}, ${v.label}, ${v.doc}::jsonb, ${v.at}::timestamptz)`,
);
const insert = (n: number | bigint, label: string | null, doc: unknown, at: string | null) =>
  probeInsert({ n, label, doc: JSON.stringify(doc), at });

interface Row {
  n: string;
  label: string | null;
  doc: unknown;
  at: string | null;
}
const stored = (n: number | bigint) =>
  selectRows<Row>(
    t.db,
    sql`SELECT n::text AS n, label, doc, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
          FROM ending_probe WHERE n = ${n}`,
  );

describe('a transaction ending with a statement sent with its COMMIT', () => {
  it('stores every value as it was given, however it is quoted, and commits it with the work', async () => {
    const texts = [
      "O'Brien",
      'back\\slash \\x00 and \\\\ two',
      "'); DROP TABLE ending_probe; --",
      '$1 $$ dollar $tag$ quoting',
      'line\nbreak\ttab',
      'é à ç 日本 🙂',
    ];
    for (const [i, label] of texts.entries()) {
      const n = 100 + i;
      const doc = { label, nested: { quote: "it's", list: [1, 'two', null] } };
      const answer = await transactionEndingWith(t.db, async (tx) => {
        await tx.execute(sql`INSERT INTO ending_probe (n) VALUES (${n + 1000})`);
        return { result: `done ${i}`, last: insert(n, label, doc, '2026-11-28T23:59:01.250Z') };
      });
      expect(answer).toBe(`done ${i}`);
      expect(await stored(n)).toEqual([{ n: String(n), label, doc, at: '2026-11-28T23:59:01.250Z' }]);
      expect(await stored(n + 1000)).toHaveLength(1);
    }
    // Nulls, and an id past 2^31.
    await transactionEndingWith(t.db, async () => ({
      result: null,
      last: insert(5_000_000_000n, null, null, null),
    }));
    expect(await stored(5_000_000_000n)).toEqual([{ n: '5000000000', label: null, doc: null, at: null }]);
  });

  it('keeps nothing of the work when the ending statement fails, and the next transactions go on', async () => {
    await transactionEndingWith(t.db, async () => ({ result: null, last: insert(1, 'first', {}, null) }));
    await expect(
      transactionEndingWith(t.db, async (tx) => {
        await tx.execute(sql`INSERT INTO ending_probe (n) VALUES (2)`);
        // The same key again: the ending statement fails, so COMMIT never runs.
        return { result: null, last: insert(1, 'again', {}, null) };
      }),
    ).rejects.toThrow();
    expect(await stored(2)).toEqual([]);
    expect(await stored(1)).toEqual([{ n: '1', label: 'first', doc: {}, at: null }]);
    // Every connection of the pool still works, the one closed replaced.
    for (let i = 0; i < 12; i += 1)
      await transactionEndingWith(t.db, async () => ({
        result: null,
        last: insert(10 + i, 'after', {}, null),
      }));
    const [count] = await selectRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ending_probe WHERE label = 'after'`,
    );
    expect(count!.n).toBe(12);
  });

  it('keeps nothing when the work fails, and commits work without an ending statement', async () => {
    await expect(
      transactionEndingWith(t.db, async (tx) => {
        await tx.execute(sql`INSERT INTO ending_probe (n) VALUES (3)`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await stored(3)).toEqual([]);
    await transactionEndingWith(t.db, async (tx) => {
      await tx.execute(sql`INSERT INTO ending_probe (n) VALUES (4)`);
      return { result: null, last: null };
    });
    expect(await stored(4)).toHaveLength(1);
  });

  it('gives the work a transaction whose nested transactions are savepoints', async () => {
    await transactionEndingWith(t.db, async (tx) => {
      await tx.execute(sql`INSERT INTO ending_probe (n) VALUES (5)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO ending_probe (n) VALUES (6)`);
          throw new Error('inner refused');
        })
        .catch(() => {});
      return { result: null, last: insert(7, 'outer', {}, null) };
    });
    expect((await stored(5)).length + (await stored(6)).length + (await stored(7)).length).toBe(2);
    expect(await stored(6)).toEqual([]);
  });

  it('prepares its ending statement once per connection, under a name of its text', async () => {
    const call = insert(900, 'named', {}, null);
    const { text, name, values } = call.prepared();
    expect(name).toMatch(/^e_[0-9a-f]{24}$/);
    expect(text).toContain('$1');
    expect(values).toEqual([900, 'named', '{}', null]);
    // Another call of the same statement: the same text and name, its own values.
    expect(insert(901, 'other', [], null).prepared()).toMatchObject({
      text,
      name,
      values: [901, 'other', '[]', null],
    });
    await transactionEndingWith(t.db, async () => ({ result: null, last: call }));
    expect(await stored(900)).toHaveLength(1);
    if (t.dbKind !== 'postgres') return;
    // Each connection that ran it holds it prepared once, whatever the number of runs.
    for (let i = 0; i < 30; i += 1)
      await transactionEndingWith(t.db, async () => ({
        result: null,
        last: insert(1_000 + i, 'run', {}, null),
      }));
    const prepared = await transactionEndingWith(t.db, async (tx) => ({
      result: await selectRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = ${name}`,
      ),
      last: insert(2_000, 'last', {}, null),
    }));
    expect(prepared[0]!.n).toBe(1);
  });
});
