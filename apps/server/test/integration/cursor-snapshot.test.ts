import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSharedSnapshot } from '../../src/db/cursor.ts';
import { selectRows } from '../../src/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`CREATE TABLE snapshot_probe (n int PRIMARY KEY)`);
  await t.db.execute(sql`INSERT INTO snapshot_probe SELECT generate_series(1, 5000)`);
}, 60_000);
afterAll(async () => {
  await t.db.execute(sql`DROP TABLE snapshot_probe`);
  await t.close();
});

interface Probe {
  n: number;
  pid: number;
}

async function all(reads: AsyncIterable<Probe[]>): Promise<Probe[]> {
  const out: Probe[] = [];
  for await (const rows of reads) out.push(...rows);
  return out;
}

describe('statements read in turn in one snapshot', () => {
  it('reads every statement whole and in order, all seeing the snapshot taken at the start', async () => {
    const count = sql`SELECT count(*)::int AS n, pg_backend_pid() AS pid FROM snapshot_probe`;
    const seen = await inSharedSnapshot(t.db, async (snapshot) => {
      const [before] = await selectRows<Probe>(snapshot.tx, count);
      // Written once the snapshot is taken, before any statement below starts (PostgreSQL: by
      // another connection; PGlite's one connection is this transaction's, so not there).
      if (t.dbKind === 'postgres') {
        await t.db.execute(sql`INSERT INTO snapshot_probe SELECT generate_series(5001, 6000)`);
      }
      const reads = snapshot.readInTurn<Probe>([
        sql`SELECT n, pg_backend_pid() AS pid FROM snapshot_probe ORDER BY n`,
        sql`SELECT n, pg_backend_pid() AS pid FROM snapshot_probe ORDER BY n DESC`,
        count,
        sql`SELECT n, pg_backend_pid() AS pid FROM snapshot_probe WHERE n % 1000 = 0 ORDER BY n`,
      ]);
      const rows: Probe[][] = [];
      for (const read of reads) rows.push(await all(read));
      return { before: before!, rows };
    });
    const [up, down, after, thousands] = seen.rows;
    expect(seen.before.n).toBe(5000);
    expect(up!.map((r) => r.n)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    expect(down!.map((r) => r.n)).toEqual(Array.from({ length: 5000 }, (_, i) => 5000 - i));
    expect(after!.map((r) => r.n)).toEqual([5000]);
    expect(thousands!.map((r) => r.n)).toEqual([1000, 2000, 3000, 4000, 5000]);
    if (t.dbKind === 'postgres') {
      // Two connections: statements 1 and 3 on the first, 2 and 4 on the second.
      expect(up![0]!.pid).toBe(seen.before.pid);
      expect(after![0]!.pid).toBe(seen.before.pid);
      expect(down![0]!.pid).not.toBe(seen.before.pid);
      expect(thousands![0]!.pid).toBe(down![0]!.pid);
      expect((await selectRows<Probe>(t.db, count))[0]!.n).toBe(6000);
    }
  });
});
