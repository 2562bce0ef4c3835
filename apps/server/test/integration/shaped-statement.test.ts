import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, shapedStatement } from '../../src/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`CREATE TABLE shaped_probe (n int PRIMARY KEY, side text NOT NULL)`);
  await t.db.execute(
    sql`INSERT INTO shaped_probe SELECT g, CASE WHEN g % 2 = 0 THEN 'even' ELSE 'odd' END FROM generate_series(1, 40) g`,
  );
}, 60_000);
afterAll(async () => {
  await t.db.execute(sql`DROP TABLE shaped_probe`);
  await t.close();
});

type Shape = 'all' | 'side';
interface Values extends Record<string, unknown> {
  side: string;
  below: number;
  limit: number;
}
/** A statement whose text depends on its shape, with a value used twice in it. */
const probeSql = (shape: Shape, v: Values) => sql`
  SELECT n FROM shaped_probe
   WHERE ${shape === 'side' ? sql`side = ${v.side}` : sql`true`} AND n < ${v.below}
     AND n < ${v.below} - 1
   ORDER BY n LIMIT ${v.limit}`;

describe('a statement built once per shape', () => {
  it('answers what the statement built with each call’s values answers, whatever the calls before', async () => {
    const probe = shapedStatement(probeSql);
    const calls: Array<[Shape, Values]> = [
      ['side', { side: 'even', below: 30, limit: 5 }],
      ['side', { side: 'odd', below: 12, limit: 50 }],
      ['all', { side: 'even', below: 9, limit: 3 }],
      ['side', { side: 'odd', below: 40, limit: 2 }],
      ['all', { side: 'odd', below: 41, limit: 100 }],
    ];
    for (const [shape, values] of calls) {
      const expected = await selectRows<{ n: number }>(t.db, probeSql(shape, values));
      const got = await probe<{ n: number }>(t.db, shape, values);
      expect(got).toEqual(expected);
    }
    // The values changed the answer from call to call: none of them was kept in the text.
    expect(await probe<{ n: number }>(t.db, 'side', { side: 'odd', below: 12, limit: 50 })).toEqual(
      [1, 3, 5, 7, 9].map((n) => ({ n })),
    );
    expect(await probe<{ n: number }>(t.db, 'side', { side: 'even', below: 12, limit: 2 })).toEqual([
      { n: 2 },
      { n: 4 },
    ]);
  });

  it('runs in a transaction like any statement', async () => {
    const probe = shapedStatement(probeSql);
    const rows = await t.db.transaction((tx) =>
      probe<{ n: number }>(tx, 'all', { side: '', below: 5, limit: 10 }),
    );
    expect(rows).toEqual([1, 2, 3].map((n) => ({ n })));
  });
});
