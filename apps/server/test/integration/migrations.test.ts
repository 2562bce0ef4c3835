import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database } from '../../src/db/database.ts';
import type { Dashboard } from '@cairn/shared/reporting.schemas';
import { DASHBOARD_SQL } from '../../src/modules/reporting/reporting-dashboards.repository.ts';
import type { DashboardRow } from '../../src/modules/reporting/reporting-rows.repository.ts';
import {
  outcomesReferenceSql,
  plansReferenceSql,
  supportsReferenceSql,
} from '../support/reporting-plans-reference.ts';
import { activityMismatchesSql } from '../support/my-work-reference.ts';

import {
  closeOpened,
  emptyDatabase,
  folderUpTo,
  MIGRATING,
  migrateWith,
  rowsOf,
} from '../helpers/migrations.ts';

/** 0009 as it first landed, before it was rewritten in place (row-level triggers). */
const FIRST_0009 = path.resolve(
  import.meta.dirname,
  '../fixtures/0009_plan-status-triggers.first-version.sql',
);

/** A migrations folder holding 0000–0009 with the first version of 0009, as a database saw it then. */
const folderWithFirst0009 = () => folderUpTo(9, { '0009_plan-status-triggers': FIRST_0009 });

afterEach(closeOpened);

/** The plan-status triggers and functions as the catalogue describes them. */
async function planStatusObjects(database: Database) {
  const triggers = await rowsOf<{ name: string; type: number; function: string }>(
    database,
    sql`
    select t.tgname as name, t.tgtype as type, p.proname as function
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid
     where t.tgrelid = 'outcomes'::regclass and not t.tgisinternal
     order by t.tgname`,
  );
  const functions = await rowsOf<{ name: string; source: string }>(
    database,
    sql`
    select proname as name, prosrc as source from pg_proc
     where proname like 'outcomes\_%' order by proname`,
  );
  return { triggers, functions };
}

/** A client with one plan; inserting an outcome must close it, deleting it must reopen it. */
async function planStatusFollowsOutcome(database: Database): Promise<string[]> {
  const one = async <T>(query: SQL) => (await rowsOf<T>(database, query))[0]!;
  const { centre_id: centreId } = await one<{ centre_id: number }>(
    sql`insert into centres (name, phone) values ('Mend test centre', '7055550100') returning centre_id`,
  );
  const { client_id: clientId } = await one<{ client_id: number }>(sql`
    insert into clients (first_name, last_name, centre_id, consent, missing_info, search_text, name_key)
    values ('Ada', 'Mend', ${centreId}, true, false, 'ada mend', 'mend ada') returning client_id`);
  const { plan_id: planId } = await one<{ plan_id: number }>(sql`
    insert into plans (client_id, date, current_employment) values (${clientId}, '2026-01-05', 'Unemployed')
    returning plan_id`);
  const status = async () =>
    (await one<{ status: string }>(sql`select status from plans where plan_id = ${planId}`)).status;
  const seen = [await status()];
  await database.db.execute(sql`
    insert into outcomes (plan_id, date, program_outcome, post_program_status, received_certificate)
    values (${planId}, '2026-02-01', 'Complete', 'Employed', 'No')`);
  seen.push(await status());
  await database.db.execute(sql`delete from outcomes where plan_id = ${planId}`);
  seen.push(await status());
  return seen;
}

describe('migration 0010 mends a database migrated with the first version of 0009', MIGRATING, () => {
  it('leaves such a database with the same triggers and functions as a new one', async () => {
    const fresh = await emptyDatabase();
    await fresh.migrate();

    const old = await emptyDatabase();
    await migrateWith(old, folderWithFirst0009());
    const before = await planStatusObjects(old);
    // The old state really is the old one: row-level triggers on the singular functions.
    expect(before.functions.map((f) => f.name)).toEqual(['outcomes_close_plan', 'outcomes_reopen_plan']);

    await old.migrate();
    const after = await planStatusObjects(old);
    expect(after).toEqual(await planStatusObjects(fresh));
    expect(after.functions.map((f) => f.name)).toEqual(['outcomes_close_plans', 'outcomes_reopen_plans']);
    expect(await planStatusFollowsOutcome(old)).toEqual(['Open', 'Closed', 'Open']);
    expect(await planStatusFollowsOutcome(fresh)).toEqual(['Open', 'Closed', 'Open']);
  });
});

describe("migration 0011 marks each list's 'Other' item", MIGRATING, () => {
  const flagged = (database: Database) =>
    rowsOf<{ kind: string; name: string }>(
      database,
      sql`
      select 'barriers' as kind, name from barriers where is_other
      union all select 'supports', name from supports where is_other
      union all select 'trainings', name from trainings where is_other
      order by kind`,
    );

  it("sets is_other on the rows named 'Other', whatever their case, and on no other row", async () => {
    const database = await emptyDatabase();
    await migrateWith(database, folderUpTo(10));
    // Data as a database may hold it before 0011: one 'Other' written otherwise, and items whose
    // names only resemble it.
    await database.db.execute(sql`update trainings set name = 'OTHER' where name = 'Other'`);
    await database.db.execute(sql`
      insert into barriers (name, category) values ('Others', 'Personal'), ('Other barrier', 'Health')`);
    await database.db.execute(sql`insert into supports (name, category) values (' Other help', 'Misc')`);

    await database.migrate();
    expect(await flagged(database)).toEqual([
      { kind: 'barriers', name: 'Other' },
      { kind: 'supports', name: 'Other' },
      { kind: 'trainings', name: 'OTHER' },
    ]);
    const [counts] = await rowsOf<Record<string, number>>(
      database,
      sql`
      select (select count(*)::int from barriers where not is_other) as barriers,
             (select count(*)::int from supports where not is_other) as supports,
             (select count(*)::int from trainings where not is_other) as trainings`,
    );
    expect(counts!.barriers).toBeGreaterThan(2);
    expect(counts!.supports).toBeGreaterThan(1);
    expect(counts!.trainings).toBeGreaterThan(1);
  });

  it('leaves a new database with one flagged item per list', async () => {
    const database = await emptyDatabase();
    await database.migrate();
    expect((await flagged(database)).map((r) => r.kind)).toEqual(['barriers', 'supports', 'trainings']);
  });
});

describe('migration 0019 counts the records already there into the plans rollups', MIGRATING, () => {
  it('leaves rollups from which each dashboard equals the statements on the records', async () => {
    const database = await emptyDatabase();
    await migrateWith(database, folderUpTo(17));
    // Forty clients in two centres, a plan each on dates around a fiscal year's edges; every
    // third plan closed (one outcome dated before its plan), and records of every kind under them.
    await database.db.execute(sql`
      WITH c AS (INSERT INTO centres (name, phone) VALUES ('Rollup one', '7055550101'), ('Rollup two', '7055550102')
                 RETURNING centre_id),
           cs AS (SELECT array_agg(centre_id ORDER BY centre_id) AS ids FROM c)
      INSERT INTO clients (first_name, last_name, centre_id, consent, missing_info, search_text, name_key)
      SELECT 'Ada', 'Rollup ' || i, cs.ids[1 + i % 2], true, false, 'ada rollup', 'rollup ada'
        FROM generate_series(1, 40) i, cs`);
    await database.db.execute(sql`
      INSERT INTO plans (client_id, date, current_employment)
      SELECT client_id, date '2025-01-15' + (client_id * 23) % 500,
             (ARRAY['Unemployed', 'Employed', NULL])[1 + client_id % 3]
        FROM clients WHERE last_name LIKE 'Rollup %'`);
    await database.db.execute(sql`
      INSERT INTO outcomes (plan_id, date, program_outcome, incomplete_reason, post_program_status, received_certificate)
      SELECT plan_id, CASE WHEN plan_id % 9 = 0 THEN date - 10 ELSE date + plan_id * 7 END,
             'Incomplete', 'Moved', 'Returned to school', CASE WHEN plan_id % 2 = 0 THEN 'Yes' ELSE 'No' END
        FROM plans WHERE plan_id % 3 = 0`);
    await database.db.execute(sql`
      INSERT INTO plan_supports (plan_id, support_id, position)
      SELECT p.plan_id, s.support_id, 1 FROM plans p, (SELECT support_id FROM supports ORDER BY 1 LIMIT 3) s
       WHERE (p.plan_id + s.support_id) % 2 = 0`);
    await database.db.execute(sql`
      INSERT INTO plan_barriers (plan_id, barrier_id, position)
      SELECT p.plan_id, b.barrier_id, 1 FROM plans p, (SELECT barrier_id FROM barriers ORDER BY 1 LIMIT 2) b`);
    await database.db.execute(sql`
      INSERT INTO plan_trainings (plan_id, training_id, date, noc)
      SELECT plan_id, (SELECT min(training_id) FROM trainings), date + 30, CASE WHEN plan_id % 2 = 0 THEN '1234' END
        FROM plans`);
    await database.db.execute(sql`
      INSERT INTO spendings (plan_id, date, item, value) SELECT plan_id, date + 5, 'Boots', plan_id * 1.25 FROM plans`);

    await database.migrate();
    const centres = await rowsOf<{ id: number }>(
      database,
      sql`SELECT centre_id AS id FROM centres WHERE name LIKE 'Rollup %' ORDER BY 1`,
    );
    const scopes = [
      { allCentres: true, centreId: null },
      ...centres.map((c) => ({ allCentres: false, centreId: c.id })),
    ];
    const reference = {
      plans: plansReferenceSql,
      outcomes: outcomesReferenceSql,
      supports_trainings: supportsReferenceSql,
    };
    for (const [name, referenceSql] of Object.entries(reference)) {
      for (const [start, end] of [
        ['2025-04-01', '2026-03-31'],
        ['2025-03-31', '2025-03-31'],
        ['1900-01-01', '2099-12-31'],
      ] as const) {
        for (const scope of scopes) {
          const r = { start, end, scope };
          const got = await rowsOf<DashboardRow>(database, DASHBOARD_SQL[name as Dashboard](r));
          const want = await rowsOf<DashboardRow>(database, referenceSql(r));
          expect(
            got.map((x) => ({ ...x, value: Number(x.value) })),
            `${name} ${start} ${scope.centreId}`,
          ).toEqual(want.map((x) => ({ ...x, value: Number(x.value) })));
        }
      }
    }
    const [plans] = await rowsOf<{ n: number }>(
      database,
      sql`SELECT sum(opened)::int AS n FROM report_plan_days WHERE grain = 'd'`,
    );
    expect(plans!.n).toBe(40);
  });
});

describe("migration 0038 keeps each plan's last activity", MIGRATING, () => {
  /** The plans whose stored last activity is not the records' (activityMismatchesSql). */
  const differing = async (database: Database) =>
    (await rowsOf<{ plan_id: number }>(database, activityMismatchesSql())).map((r) => r.plan_id);

  it('stores it from the records already there, then keeps it through bulk writes', async () => {
    const database = await emptyDatabase();
    await migrateWith(database, folderUpTo(37));
    const run = (query: SQL) => database.db.execute(query);
    // Twelve clients with a plan each; a note, a spending and an interaction under most, each of
    // the four (the plan's change among them) the latest for some plans.
    await run(sql`
      WITH c AS (INSERT INTO centres (name, phone) VALUES ('Activity', '7055550103') RETURNING centre_id)
      INSERT INTO clients (first_name, last_name, centre_id, consent, missing_info, search_text, name_key)
      SELECT 'Ada', 'Activity ' || i, c.centre_id, true, false, 'ada activity', 'activity ada'
        FROM generate_series(1, 12) i, c`);
    const at = (k: SQL, n: number) =>
      sql`timestamptz '2026-03-01 10:00Z' + ((${k} * ${n}) % 7 - 3) * interval '1 day'`;
    await run(sql`
      INSERT INTO plans (client_id, date, current_employment, updated_at)
      SELECT client_id, '2026-01-05', 'Unemployed', ${at(sql`client_id`, 1)} FROM clients`);
    await run(sql`
      INSERT INTO notes (plan_id, topic, date, notes, updated_at)
      SELECT plan_id, 'Call', '2026-02-01', 'Called.', ${at(sql`plan_id`, 3)} FROM plans WHERE plan_id % 5 <> 0`);
    await run(sql`
      INSERT INTO spendings (plan_id, date, item, value, updated_at)
      SELECT plan_id, '2026-02-01', 'Boots', 10, ${at(sql`plan_id`, 5)} FROM plans WHERE plan_id % 5 <> 0`);
    await run(sql`
      INSERT INTO client_interactions (client_id, interaction_id, date, count, created_at)
      SELECT client_id, 1, '2026-02-01', 1, ${at(sql`client_id`, 2)} FROM clients WHERE client_id % 5 <> 0`);

    await database.migrate();
    const [counts] = await rowsOf<{ plans: number; stored: number }>(
      database,
      sql`SELECT (SELECT count(*)::int FROM plans) AS plans, (SELECT count(*)::int FROM plan_activity) AS stored`,
    );
    expect(counts).toEqual({ plans: 12, stored: 12 });
    expect(await differing(database)).toEqual([]);

    // Statements of many rows, each as exact: notes later for some plans, spendings moved on,
    // interactions later still; a plan closed, and a new one opened whose own change is older
    // than its client's latest interaction.
    await run(sql`
      INSERT INTO notes (plan_id, topic, date, notes, updated_at)
      SELECT plan_id, 'Visit', '2026-02-02', 'Visited.', ${at(sql`plan_id`, 4)} + interval '5 days' FROM plans`);
    await run(sql`UPDATE spendings SET updated_at = updated_at + interval '9 days' WHERE plan_id % 2 = 0`);
    await run(sql`
      INSERT INTO client_interactions (client_id, interaction_id, date, count, created_at)
      SELECT client_id, 2, '2026-02-03', 1, ${at(sql`client_id`, 6)} + interval '10 days' FROM clients
       WHERE client_id % 3 = 0`);
    await run(sql`
      INSERT INTO outcomes (plan_id, date, program_outcome, incomplete_reason, post_program_status, received_certificate)
      SELECT plan_id, '2026-03-01', 'Incomplete', 'Moved', 'Returned to school', 'No' FROM plans WHERE client_id = 3`);
    await run(sql`
      INSERT INTO plans (client_id, date, current_employment, updated_at)
      VALUES (3, '2026-03-02', 'Unemployed', timestamptz '2026-01-01 10:00Z')`);
    expect(await differing(database)).toEqual([]);

    // A deletion counts as activity: its time, later than every record's.
    await run(sql`DELETE FROM notes WHERE plan_id = 4`);
    expect(await differing(database)).toEqual([4]);
  });
});
