import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { expectExact as expectRollupsExact, threeCentres } from '../helpers/activity-rollups.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The clients, client interactions and stories dashboards' report tables (migrations 0018 and
 * 0021) after random sequences of writes in plain SQL (fast-check): every answer equal to the one
 * computed straight from the records, for several ranges and every scope
 * (reporting-rollups-activity.test.ts has the scripted writes).
 */
let t: TestApp;
let centreA: number;
let centreB: number;
let centreC: number;
beforeAll(async () => {
  t = await createTestApp();
  [centreA, centreB, centreC] = await threeCentres(t);
}, 60_000);
afterAll(() => t.close());

const rows = <T>(query: SQL) => selectRows<T>(t.db, query);
const run = (query: SQL) => t.db.execute(query);
const expectExact = (step: string) => expectRollupsExact(t, [centreA, centreB, centreC], step);
const client = (as: 'admin', patch: Record<string, unknown>) => createClient(t, as, patch);

describe('report tables of the clients, interactions and stories dashboards', () => {
  it('stay exact through random sequences of writes', async () => {
    const op = fc.record({
      kind: fc.constantFrom(
        'interactions',
        'interaction_update',
        'interaction_delete',
        'story',
        'story_update',
        'story_delete',
        'move',
        'answers',
        'intake',
        'plan',
        'outcome',
        'outcome_update',
        'outcome_delete',
        'plan_delete',
        'client',
        'client_delete',
      ),
      pick: fc.nat(1000),
      day: fc.integer({ min: 0, max: 800 }),
      size: fc.integer({ min: 1, max: 5 }),
    });
    const day = (n: number) => sql`DATE '2024-03-01' + ${n}::int`;
    const centres = () => [centreA, centreB, centreC];
    let made = 0;
    const apply = async (o: Op) => {
      const ids = (await rows<{ id: number }>(sql`SELECT client_id AS id FROM clients ORDER BY 1`)).map((r) =>
        Number(r.id),
      );
      if (ids.length === 0 || o.kind === 'client') {
        made += 1;
        const c = centres()[o.pick % 3]!;
        await client('admin', {
          centre_id: c,
          first_name: `Random${made}`,
          gender: o.pick % 2 ? 'Male' : 'Female',
        });
        return;
      }
      const id = ids[o.pick % ids.length]!;
      const at = day(o.day);
      switch (o.kind) {
        case 'interactions':
          return run(sql`INSERT INTO client_interactions (client_id, interaction_id, date, count)
                         SELECT ${id}, 1 + g % 7, ${at} + g, 1 + g FROM generate_series(0, ${o.size - 1}) g`);
        case 'interaction_update':
          return run(sql`UPDATE client_interactions SET date = ${at}, count = ${o.size}
                          WHERE id IN (SELECT id FROM client_interactions ORDER BY id OFFSET ${o.pick % 7} LIMIT ${o.size})`);
        case 'interaction_delete':
          return run(sql`DELETE FROM client_interactions WHERE client_id = ${id} AND id % ${o.size + 1} = 0`);
        case 'story':
          return run(sql`INSERT INTO stories (client_id, date, writeup)
                         SELECT ${id}, ${at} + g * 20, 'Random' FROM generate_series(1, ${o.size}) g`);
        case 'story_update':
          return run(
            sql`UPDATE stories SET date = ${at} WHERE story_id % ${o.size + 1} = ${o.pick % (o.size + 1)}`,
          );
        case 'story_delete':
          return run(sql`DELETE FROM stories WHERE client_id = ${id}`);
        case 'move':
          return run(
            sql`UPDATE clients SET centre_id = ${centres()[o.pick % 3]!} WHERE client_id % ${o.size + 1} = ${id % (o.size + 1)}`,
          );
        case 'answers':
          return run(sql`UPDATE clients SET gender = ${o.pick % 2 ? 'Male' : null}, date_of_birth = ${at} - 9000,
                                            indigenous = ${o.size % 2 ? 'Yes' : 'No'}, province = ${o.size % 2 ? 'QC' : null}
                          WHERE client_id = ${id}`);
        case 'intake':
          return run(
            sql`UPDATE clients SET created_at = (${at})::timestamptz + interval '13 hours' WHERE client_id = ${id}`,
          );
        case 'plan':
          // A client's one open plan is closed first, as the API would demand.
          await run(sql`INSERT INTO outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
                        SELECT plan_id, greatest(date, ${at}), 'Complete', 'Employed', 'No'
                          FROM plans WHERE client_id = ${id} AND status = 'Open'`);
          return run(sql`INSERT INTO plans (client_id, date) VALUES (${id}, ${at})`);
        case 'outcome':
          return run(sql`INSERT INTO outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
                         SELECT plan_id, ${at}, 'Incomplete', 'Unemployed but available for work', 'Yes'
                           FROM plans WHERE status = 'Open' AND plan_id % ${o.size} = 0`);
        case 'outcome_update':
          return run(
            sql`UPDATE outcomes SET date = ${at} WHERE outcome_id % ${o.size + 1} = ${o.pick % (o.size + 1)}`,
          );
        case 'outcome_delete':
          // Reopening fails when the client has another open plan: only lone closed plans reopen.
          return run(sql`DELETE FROM outcomes o USING plans p
                          WHERE p.plan_id = o.plan_id AND p.client_id = ${id}
                            AND NOT EXISTS (SELECT 1 FROM plans q WHERE q.client_id = p.client_id AND q.status = 'Open')
                            AND o.plan_id = (SELECT max(plan_id) FROM plans WHERE client_id = ${id})`);
        case 'plan_delete':
          return run(
            sql`DELETE FROM plans WHERE plan_id = (SELECT min(plan_id) FROM plans WHERE client_id = ${id})`,
          );
        case 'client_delete':
          return run(sql`DELETE FROM clients WHERE client_id = ${id}`);
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        for (const o of ops) await apply(o);
        await expectExact(`after ${ops.map((o) => o.kind).join(', ')}`);
      }),
      { numRuns: 6, seed: 12, endOnFailure: true },
    );
  }, 120_000);
});

interface Op {
  kind: string;
  pick: number;
  day: number;
  size: number;
}
