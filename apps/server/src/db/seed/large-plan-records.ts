import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import {
  NOTES,
  OTHER_BARRIERS,
  OTHER_SUPPORTS,
  OTHER_TRAININGS,
  SPENDING_ITEMS,
  TRAININGS,
} from './fake-plan-records.ts';
import { countInserted, h, textArray } from './large-sql.ts';

/**
 * What the large seed's plans hold besides their plan info, made by the database per batch of
 * clients: the items the demo plans use, in the proportions caseworkers fill them. Every record
 * is dated within its plan's life, so the plan screens and reports see what real use would give.
 */

export interface LargePlanRecordCounts {
  barriers: number;
  supports: number;
  trainings: number;
  spendings: number;
  notes: number;
}

/**
 * How many of something a plan gets, from a number 0 to 99: 0 below the first cut, 1 below the
 * second, and so on; the last count above the last cut.
 */
function tiers(roll: SQL, cuts: readonly number[]): SQL {
  const whens = cuts.map((cut, i) => sql`WHEN ${roll} < ${sql.raw(String(cut))} THEN ${sql.raw(String(i))}`);
  return sql`(CASE ${sql.join(whens, sql` `)} ELSE ${sql.raw(String(cuts.length))} END)`;
}

/**
 * The plans of the clients in [first, last], each with the days its work ran: from its start to
 * its outcome (a closed plan), else to the next plan's start or today, whichever comes first.
 */
const lifeOf = (first: number, last: number) => sql`
  life AS (
    SELECT p.plan_id, p.created_by, p.date AS since,
           greatest(p.date, least(current_date, coalesce(
             o.date, lead(p.date) OVER (PARTITION BY p.client_id ORDER BY p.date, p.plan_id), current_date)))
             - p.date AS span
      FROM plans p LEFT JOIN outcomes o ON o.plan_id = p.plan_id
     WHERE p.client_id BETWEEN ${first} AND ${last}
  )`;

/** A day of the plan's life, from a roll. */
const dayIn = (roll: SQL) => sql`(since + ((${roll}) % (span + 1))::int)`;

/** A timestamp on `day`, never later than now (a record written today was written already). */
const stamp = (day: SQL, time: string) => sql`least(now(), ${day} + time ${sql.raw(`'${time}'`)})`;

interface LinkKind {
  table: 'plan_barriers' | 'plan_supports';
  catalogue: 'barriers' | 'supports';
  id: 'barrier_id' | 'support_id';
  /** Cuts of `tiers`: how many items a plan has, the 'Other' one included. */
  counts: readonly number[];
  /** Percent of plans (with any item) where one of them is 'Other'. */
  otherPercent: number;
  otherNames: readonly string[];
  salt: number;
}

/**
 * A plan's barriers or supports: different active catalogue items in an order of their own, and
 * sometimes the 'Other' item under a name the client gave it, last; positions 0 to n-1.
 */
async function insertLinks(db: Executor, first: number, last: number, k: LinkKind): Promise<number> {
  const [table, catalogue, id] = [sql.raw(k.table), sql.raw(k.catalogue), sql.raw(k.id)];
  return countInserted(
    db,
    sql`n AS (
      SELECT plan_id, r, ${tiers(sql`r % 100`, k.counts)} AS total, (r / 100) % 100 < ${k.otherPercent} AS other
        FROM (SELECT plan_id, ${h(sql`plan_id * 8 + ${k.salt}`)} AS r
                FROM plans WHERE client_id BETWEEN ${first} AND ${last}) p
    ), picks AS (
      SELECT n.plan_id, i.item_id, NULL::varchar AS other_name, i.ord
        FROM n CROSS JOIN LATERAL (
          SELECT c.${id} AS item_id, hashint4(n.plan_id * 64 + c.${id})::bigint AS ord
            FROM ${catalogue} c
           WHERE NOT c.disabled AND NOT c.is_other
           ORDER BY ord LIMIT greatest(n.total - n.other::int, 0)
        ) i
      UNION ALL
      SELECT n.plan_id, c.${id}, (${textArray(k.otherNames)})[1 + (n.r / 10000) % ${k.otherNames.length}],
             2147483648
        FROM n JOIN ${catalogue} c ON c.is_other AND NOT c.disabled
       WHERE n.other AND n.total > 0
    )`,
    sql`
      INSERT INTO ${table} (plan_id, ${id}, other_name, position)
      SELECT plan_id, item_id, other_name, (row_number() OVER (PARTITION BY plan_id ORDER BY ord) - 1)::smallint
        FROM picks
       ORDER BY plan_id, ord`,
  );
}

/**
 * 0 to 2 trainings per plan, each a different active item taken on a day of the plan's life; the
 * ones that lead to a job mostly carry its NOC code, and some plans have 'Other' under its name.
 */
async function insertTrainings(db: Executor, first: number, last: number): Promise<number> {
  const known = sql.join(
    TRAININGS.map((t) => sql`(${t.name}::text, ${t.noc}::text)`),
    sql`, `,
  );
  return countInserted(
    db,
    sql`${lifeOf(first, last)}, n AS (
      SELECT life.*, ${tiers(sql`r % 100`, [40, 80])} AS total, (r / 100) % 100 < 10 AS other
        FROM (SELECT *, ${h(sql`plan_id * 8 + 3`)} AS r FROM life) life
    ), known(name, noc) AS (VALUES ${known}), picks AS (
      SELECT n.plan_id, n.since, n.span, i.item_id, NULL::varchar AS other_name, i.noc, i.ord
        FROM n CROSS JOIN LATERAL (
          SELECT t.training_id AS item_id, k.noc, hashint4(n.plan_id * 64 + t.training_id)::bigint AS ord
            FROM trainings t LEFT JOIN known k ON k.name = t.name
           WHERE NOT t.disabled AND NOT t.is_other
           ORDER BY ord LIMIT greatest(n.total - n.other::int, 0)
        ) i
      UNION ALL
      SELECT n.plan_id, n.since, n.span, t.training_id,
             (${textArray(OTHER_TRAININGS)})[1 + (n.r / 10000) % ${OTHER_TRAININGS.length}], NULL, 2147483648
        FROM n JOIN trainings t ON t.is_other AND NOT t.disabled
       WHERE n.other AND n.total > 0
    ), dated AS (
      SELECT *, ${dayIn(sql`x`)} AS day
        FROM (SELECT *, ${h(sql`plan_id * 64 + item_id + 32`)} AS x FROM picks) p
    )`,
    sql`
      INSERT INTO plan_trainings (plan_id, training_id, date, noc, other_name, created_at)
      SELECT plan_id, item_id, day, CASE WHEN (x / 1000) % 10 < 8 THEN noc END, other_name,
             ${stamp(sql`day`, '13:00')}
        FROM dated
       ORDER BY plan_id, day, ord`,
  );
}

/** 0 to 5 spending lines per plan, different items priced the way prices end (.00, .49, .95, .99). */
async function insertSpendings(db: Executor, first: number, last: number): Promise<number> {
  const lines = sql.join(
    SPENDING_ITEMS.map(
      (s, i) =>
        sql`(${i}::int, ${s.item}::text, ${s.low}::int, ${s.high}::int, ${s.workGear}::boolean, ${s.description}::text)`,
    ),
    sql`, `,
  );
  return countInserted(
    db,
    sql`${lifeOf(first, last)},
    lines(idx, item, low, high, work_gear, description) AS (VALUES ${lines}),
    picks AS (
      SELECT n.plan_id, n.created_by, n.since, n.span, i.*, ${h(sql`n.plan_id * 16 + i.idx`)} AS x
        FROM (SELECT life.*, ${tiers(sql`${h(sql`plan_id * 8 + 5`)} % 100`, [15, 35, 57, 75, 90])} AS k
                FROM life) n
        CROSS JOIN LATERAL (SELECT * FROM lines ORDER BY hashint4(n.plan_id * 64 + idx) LIMIT n.k) i
    ), dated AS (
      SELECT *, ${dayIn(sql`x`)} AS day FROM picks
    )`,
    sql`
      INSERT INTO spendings (plan_id, date, item, value, work_gear, description, created_by, created_at, updated_at)
      SELECT plan_id, day, item,
             (low + (x / 1000) % (high - low))::numeric + (ARRAY[0, 49, 95, 99])[1 + (x / 100000) % 4] / 100.0,
             work_gear, description, created_by, ${stamp(sql`day`, '12:00')}, ${stamp(sql`day`, '12:00')}
        FROM dated
       ORDER BY plan_id, day, idx`,
  );
}

/** The note written on a plan's first day, when the caseworker and the client drew it up. */
const INTAKE_TOPIC = 'Intake meeting';

/** 0 to 6 case notes per plan, different topics; the intake meeting is on the plan's first day. */
async function insertNotes(db: Executor, first: number, last: number): Promise<number> {
  const templates = sql.join(
    NOTES.map((n, i) => sql`(${i}::int, ${n.topic}::text, ${n.notes}::text, ${n.flag ?? false}::boolean)`),
    sql`, `,
  );
  return countInserted(
    db,
    sql`${lifeOf(first, last)},
    templates(idx, topic, body, flag) AS (VALUES ${templates}),
    picks AS (
      SELECT n.plan_id, n.created_by, n.since, n.span, i.*, ${h(sql`n.plan_id * 16 + i.idx + 7`)} AS x
        FROM (SELECT life.*, ${tiers(sql`${h(sql`plan_id * 8 + 6`)} % 100`, [8, 22, 40, 60, 76, 90])} AS k
                FROM life) n
        CROSS JOIN LATERAL (SELECT * FROM templates ORDER BY hashint4(n.plan_id * 64 + idx + 32) LIMIT n.k) i
    ), dated AS (
      SELECT *, CASE WHEN topic = ${INTAKE_TOPIC} THEN since ELSE ${dayIn(sql`x`)} END AS day FROM picks
    )`,
    sql`
      INSERT INTO notes (plan_id, topic, date, notes, flag, created_by, created_at, updated_at)
      SELECT plan_id, topic, day, body, flag, created_by, ${stamp(sql`day`, '16:00')}, ${stamp(sql`day`, '16:00')}
        FROM dated
       ORDER BY plan_id, day, idx`,
  );
}

/**
 * Barriers, supports, trainings, spending lines and case notes of the plans of the clients in
 * [first, last]. After the outcomes: a closed plan's work stops at its outcome.
 */
export async function insertPlanRecordsFor(
  db: Executor,
  first: number,
  last: number,
): Promise<LargePlanRecordCounts> {
  // One after another: inside a transaction the statements share one connection.
  const barriers = await insertLinks(db, first, last, {
    table: 'plan_barriers',
    catalogue: 'barriers',
    id: 'barrier_id',
    counts: [0, 40, 80],
    otherPercent: 15,
    otherNames: OTHER_BARRIERS,
    salt: 1,
  });
  const supports = await insertLinks(db, first, last, {
    table: 'plan_supports',
    catalogue: 'supports',
    id: 'support_id',
    counts: [12, 35, 65, 85],
    otherPercent: 8,
    otherNames: OTHER_SUPPORTS,
    salt: 2,
  });
  const trainings = await insertTrainings(db, first, last);
  const spendings = await insertSpendings(db, first, last);
  const notes = await insertNotes(db, first, last);
  return { barriers, supports, trainings, spendings, notes };
}
