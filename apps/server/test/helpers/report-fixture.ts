import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { createClient } from './clients.ts';
import { createTestApp, type DemoUserKey, type TestApp } from './test-app.ts';

/**
 * A small world whose report figures are worked out by hand in the tests (reporting-*.test.ts).
 * Centre A is the demo Coordinator's, centre B the second Coordinator's; the range is the fiscal
 * year 2024 (1 April 2024 to 31 March 2025), and records sit on its edge days on purpose.
 *
 * Clients (intake date → what they are in the range):
 * - A1 2024-04-01 (first day: new), plan P1 opened 2024-04-01, closed 2025-04-01 (after: open at end)
 * - A2 2024-03-31 (day before: not new), plan P2 opened 2024-02-01, never closed (active)
 * - A3 2025-03-31 (last day: new), no plan
 * - A4 2023-01-01, plan P4 2023-05-01 closed 2024-03-31 (closed the day before: not active)
 * - A5 2024-04-15 (new), plan P6 2024-04-15 closed 2024-09-30
 * - B1 2024-06-01 (new), plan P5 2024-06-02 closed 2025-03-31 (last day: closed in the range)
 */
export const RANGE = { start: '2024-04-01', end: '2025-03-31' } as const;

export interface ReportFixture {
  centreA: number;
  centreB: number;
  clients: Record<'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'B1', number>;
  plans: Record<'P1' | 'P2' | 'P4' | 'P5' | 'P6', number>;
  /** Catalogue items used, by role in the fixture. */
  barrierX: { id: number; name: string };
  barrierY: { id: number; name: string };
  supportS1: { id: number; category: string; reportingType: number | null };
  supportS2: { id: number; category: string; reportingType: number | null };
  trainingA: { id: number; name: string };
  trainingB: { id: number; name: string };
  typeT1: { id: number; name: string };
  typeT2: { id: number; name: string };
  stories: Record<'A1a' | 'A1b' | 'A2' | 'B1' | 'B1old', number>;
}

/** Text of a job title that must reach the spreadsheet as these characters and nothing more. */
export const FORMULA_TEXT = '=HYPERLINK("http://example.com","click")';

/**
 * A suite's app with the fixture built once before its tests and closed after them: `ready` gets
 * both once they exist.
 */
export function useReportFixture(ready: (t: TestApp, f: ReportFixture) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    ready(t, await buildReportFixture(t));
  }, 60_000);
  afterAll(() => t?.close());
}

export async function buildReportFixture(t: TestApp): Promise<ReportFixture> {
  const db = t.db;
  const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => (await selectRows<T>(db, query))[0]!;
  const id = async (query: ReturnType<typeof sql>) => Number((await one<{ id: number }>(query)).id);

  const centreA = t.demo.coordinator.centreId!;
  const centreB = t.demo.coordinator2.centreId!;
  const client = async (as: DemoUserKey, createdAt: string, patch: Record<string, unknown>) => {
    const made = await createClient(t, as, patch);
    await db.execute(
      sql`UPDATE clients SET created_at = ${`${createdAt}T12:00:00Z`}::timestamptz WHERE client_id = ${made.client_id}`,
    );
    return made.client_id;
  };
  const clients = {
    A1: await client('coordinator', '2024-04-01', {
      first_name: 'Ada',
      last_name: 'One',
      gender: 'Female',
      date_of_birth: '1990-06-15',
      indigenous: 'Yes',
      status_type: 'Métis',
      reserve: 'Off reserve',
      province: 'MB',
    }),
    A2: await client('coordinator', '2024-03-31', {
      first_name: 'Bo',
      last_name: 'Two',
      gender: 'Male',
      date_of_birth: '2000-01-01',
      disability: 'Yes',
      province: 'MB',
    }),
    A3: await client('coordinator', '2025-03-31', {
      first_name: 'Cy',
      last_name: 'Three',
      highest_education: 'None',
    }),
    A4: await client('coordinator', '2023-01-01', { first_name: 'Di', last_name: 'Four', province: 'MB' }),
    A5: await client('coordinator', '2024-04-15', {
      first_name: 'Ed',
      last_name: 'Five',
      gender: 'Female',
      date_of_birth: '2010-01-01',
      province: 'MB',
      citizenship: 'Permanent resident',
    }),
    B1: await client('coordinator2', '2024-06-01', {
      first_name: 'Flo',
      last_name: 'Six',
      gender: 'Male',
      date_of_birth: '1960-01-01',
      indigenous: 'Yes',
      status_type: 'Inuit',
      reserve: 'On reserve',
      province: 'NU',
    }),
  };

  const plan = (clientId: number, date: string, employment: string | null) =>
    id(sql`INSERT INTO plans (client_id, date, current_employment) VALUES (${clientId}, ${date}, ${employment})
           RETURNING plan_id AS id`);
  const plans = {
    P1: await plan(clients.A1, '2024-04-01', 'Unemployed'),
    P2: await plan(clients.A2, '2024-02-01', 'Employed'),
    P4: await plan(clients.A4, '2023-05-01', 'Unemployed'),
    P5: await plan(clients.B1, '2024-06-02', null),
    P6: await plan(clients.A5, '2024-04-15', 'Not in the labour force'),
  };
  const outcome = (planId: number, date: string, o: [string, string | null, string, string, string | null]) =>
    db.execute(sql`INSERT INTO outcomes (plan_id, date, program_outcome, incomplete_reason, post_program_status,
                                         received_certificate, job_title)
                   VALUES (${planId}, ${date}, ${o[0]}, ${o[1]}, ${o[2]}, ${o[3]}, ${o[4]})`);
  await outcome(plans.P1, '2025-04-01', ['Complete', null, 'Employed', 'Yes', null]);
  await outcome(plans.P4, '2024-03-31', ['Complete', null, 'Employed', 'Yes', null]);
  await outcome(plans.P5, '2025-03-31', ['Complete', null, 'Returned to school', 'Yes', null]);
  await outcome(plans.P6, '2024-09-30', ['Incomplete', 'Moved', 'Self-employed', 'No', FORMULA_TEXT]);

  const item = <T>(query: ReturnType<typeof sql>) => one<T>(query);
  const barrierX = await item<{ id: number; name: string }>(
    sql`SELECT barrier_id AS id, name FROM barriers WHERE category = 'Financial' AND NOT is_other ORDER BY barrier_id LIMIT 1`,
  );
  const barrierY = await item<{ id: number; name: string }>(
    sql`SELECT barrier_id AS id, name FROM barriers WHERE category = 'Health' AND NOT is_other ORDER BY barrier_id LIMIT 1`,
  );
  const barrierZ = await item<{ id: number }>(
    sql`SELECT barrier_id AS id FROM barriers WHERE category = 'Personal' AND NOT is_other ORDER BY barrier_id LIMIT 1`,
  );
  const onPlan =
    (table: 'plan_barriers' | 'plan_supports', column: 'barrier_id' | 'support_id') =>
    (planId: number, itemId: number, position: number) =>
      db.execute(
        sql`INSERT INTO ${sql.raw(table)} (${sql.raw(column)}, plan_id, position) VALUES (${itemId}, ${planId}, ${position})`,
      );
  const barrier = onPlan('plan_barriers', 'barrier_id');
  await barrier(plans.P1, barrierX.id, 0);
  await barrier(plans.P1, barrierY.id, 1);
  await barrier(plans.P5, barrierX.id, 0);
  await barrier(plans.P2, barrierZ.id, 0);

  const support = async (category: string) => {
    const row = await item<{ id: number; category: string; reporting_type: number | null }>(
      sql`SELECT support_id AS id, category, reporting_type FROM supports
           WHERE category = ${category} AND NOT is_other ORDER BY support_id LIMIT 1`,
    );
    return { id: row.id, category: row.category, reportingType: row.reporting_type };
  };
  const supportS1 = await support('Cultural');
  const supportS2 = await support('Employment');
  const addSupport = onPlan('plan_supports', 'support_id');
  await addSupport(plans.P1, supportS1.id, 0);
  await addSupport(plans.P1, supportS2.id, 1);
  await addSupport(plans.P2, supportS1.id, 0);
  await addSupport(plans.P4, supportS1.id, 0);
  await addSupport(plans.P6, supportS2.id, 0);

  const trainings = await selectRows<{ id: number; name: string }>(
    db,
    sql`SELECT training_id AS id, name FROM trainings WHERE NOT is_other ORDER BY training_id LIMIT 2`,
  );
  const [trainingA, trainingB] = [trainings[0]!, trainings[1]!];
  const training = (planId: number, trainingId: number, date: string, noc: string | null) =>
    db.execute(
      sql`INSERT INTO plan_trainings (plan_id, training_id, date, noc) VALUES (${planId}, ${trainingId}, ${date}, ${noc})`,
    );
  await training(plans.P1, trainingA.id, '2024-04-01', '1234');
  await training(plans.P5, trainingA.id, '2025-03-31', null);
  await training(plans.P6, trainingB.id, '2024-09-01', '1234');
  await training(plans.P4, trainingA.id, '2024-03-31', '9999');

  const spending = (planId: number, date: string, value: string, itemName: string) =>
    db.execute(
      sql`INSERT INTO spendings (plan_id, date, item, value) VALUES (${planId}, ${date}, ${itemName}, ${value})`,
    );
  await spending(plans.P1, '2024-04-01', '100.10', 'Bus pass');
  await spending(plans.P1, '2025-03-31', '0.05', '+1+1');
  await spending(plans.P5, '2024-03-31', '50.00', 'Boots');
  await spending(plans.P6, '2024-10-10', '1000.00', '@SUM(A1:A2)');

  const types = await selectRows<{ id: number; name: string }>(
    db,
    sql`SELECT interaction_id AS id, name FROM interaction_types ORDER BY sort_order LIMIT 2`,
  );
  const [typeT1, typeT2] = [types[0]!, types[1]!];
  const interaction = (clientId: number, typeId: number, date: string, count: number) =>
    db.execute(
      sql`INSERT INTO client_interactions (client_id, interaction_id, date, count) VALUES (${clientId}, ${typeId}, ${date}, ${count})`,
    );
  await interaction(clients.A1, typeT1.id, '2024-04-01', 2);
  await interaction(clients.A1, typeT2.id, '2024-05-10', 1);
  await interaction(clients.A2, typeT1.id, '2025-03-31', 1);
  await interaction(clients.B1, typeT1.id, '2024-03-31', 5);
  await interaction(clients.B1, typeT2.id, '2024-12-01', 3);

  const story = (clientId: number, date: string, writeup: string) =>
    id(
      sql`INSERT INTO stories (client_id, date, writeup) VALUES (${clientId}, ${date}, ${writeup}) RETURNING story_id AS id`,
    );
  const stories = {
    A1a: await story(clients.A1, '2024-04-01', 'Started a welding course.'),
    A1b: await story(clients.A1, '2024-04-01', `Found work at the mill. ${'More. '.repeat(80)}`),
    A2: await story(clients.A2, '2025-03-31', 'Passed the driving test.'),
    B1: await story(clients.B1, '2024-07-01', 'Opened a small shop.'),
    B1old: await story(clients.B1, '2024-03-31', 'Before the year began.'),
  };

  return {
    centreA,
    centreB,
    clients,
    plans,
    barrierX,
    barrierY,
    supportS1,
    supportS2,
    trainingA,
    trainingB,
    typeT1,
    typeT2,
    stories,
  };
}
