/**
 * The settings of the app's PostgreSQL sessions (db/database.ts SESSION_OPTIONS): JIT off on every
 * connection of the pool, whichever serves a request, so that a statement whose estimate passes
 * jit_above_cost at 1,000,000 clients is not compiled (88 ms for a 5 ms dashboard, issue 33).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PostgreSQL sessions', () => {
  it('run with JIT off, on every connection of the pool', async (ctx) => {
    if (t.dbKind !== 'postgres') ctx.skip();
    // Ten at once: each on its own connection of the pool.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction(async (tx) => {
          const [row] = await selectRows<{ jit: string; pid: number }>(
            tx,
            sql`SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid, pg_sleep(0.05)::text AS slept`,
          );
          return row!;
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.pid)).size).toBeGreaterThan(1);
    expect(answers.every((a) => a.jit === 'off')).toBe(true);
  });
});
