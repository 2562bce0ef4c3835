import { ROLE } from '@cairn/shared/roles';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import type { Db, Executor } from '../database.ts';
import { centres } from '../schema/centres.ts';
import { clients } from '../schema/clients.ts';
import { groups } from '../schema/groups.ts';
import { users } from '../schema/users.ts';
import { fakeClient, fakeClientValues, type ClientInsert } from './fake-clients.ts';
import {
  fakePhone,
  fakePostalCode,
  FEMALE_FIRST_NAMES,
  GROUPS,
  LAST_NAMES,
  LOCALES,
  MALE_FIRST_NAMES,
  type Locale,
  type Rng,
} from './fake-data.ts';
import { LARGE_NAMES } from './fake-names.ts';
import { JOB_TITLES, STORY_TEMPLATES } from './fake-plan-records.ts';
import { h, planCount, planOpen, textArray } from './large-sql.ts';

/**
 * Ten centres across Canada, the first two being the demo centres, each with its share of the
 * clients (percent): real centres differ in size.
 */
export const LARGE_CENTRES: ReadonlyArray<{ name: string; locale: Locale; share: number }> = [
  { name: 'Northern Lights Employment Centre', locale: LOCALES.thunderBay!, share: 14 },
  { name: 'Prairie Pathways Training Centre', locale: LOCALES.regina!, share: 12 },
  { name: 'Red River Career Connections', locale: LOCALES.winnipeg!, share: 11 },
  { name: 'Bow Valley Skills Hub', locale: LOCALES.calgary!, share: 10 },
  { name: 'Fraser Valley Employment Services', locale: LOCALES.abbotsford!, share: 10 },
  { name: 'Saint John Works', locale: LOCALES.saintJohn!, share: 10 },
  { name: 'Harbourfront Career Centre', locale: LOCALES.halifax!, share: 9 },
  { name: "Centre d'emploi de l'Outaouais", locale: LOCALES.gatineau!, share: 8 },
  { name: 'Great Slave Skills Centre', locale: LOCALES.yellowknife!, share: 8 },
  { name: 'Nickel Belt Employment Centre', locale: LOCALES.sudbury!, share: 8 },
];

export interface LargeCentre {
  centreId: number;
  locale: Locale;
  share: number;
  /** Who the generated records say wrote them: the centre's first Coordinator, if any. */
  createdBy: number | null;
  /** The centre's active Coordinators: the workers its clients are assigned (issue 32). */
  workers: number[];
}

/** Coordinators per percent of the clients a centre holds: about 28 in the biggest centre. */
const WORKERS_PER_SHARE = 2;
/** Clients nobody is assigned: arrived since a worker left, or waiting for one. */
const UNASSIGNED_SHARE = 0.12;

/**
 * The centre's active Coordinators, made up to `wanted` with invited ones (no password: nobody
 * signs in as them), so caseloads are as many as a centre of its size has.
 */
async function ensureWorkers(db: Db, rng: Rng, centreId: number, wanted: number): Promise<number[]> {
  const live = and(
    eq(users.centreId, centreId),
    eq(users.roleId, ROLE.coordinator),
    eq(users.active, true),
    isNull(users.deletedAt),
  );
  const found = await db.select({ userId: users.userId }).from(users).where(live).orderBy(users.userId);
  const made = [];
  for (let n = found.length; n < wanted; n++) {
    made.push({
      firstName: rng.pick(rng.chance(0.5) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES),
      lastName: rng.pick(LAST_NAMES),
      email: `worker${n + 1}.centre${centreId}@seed.cairn.example`,
      centreId,
      roleId: ROLE.coordinator,
    });
  }
  if (made.length > 0) await db.insert(users).values(made).onConflictDoNothing();
  const all = await db.select({ userId: users.userId }).from(users).where(live).orderBy(users.userId);
  return all.map((u) => u.userId);
}

/** The ten centres, found by name or created; with each one's first live Coordinator. */
export async function ensureLargeCentres(db: Db, rng: Rng): Promise<LargeCentre[]> {
  const out: LargeCentre[] = [];
  for (const c of LARGE_CENTRES) {
    const [found] = await db
      .select({ centreId: centres.centreId })
      .from(centres)
      .where(eq(centres.name, c.name))
      .limit(1);
    const centreId =
      found?.centreId ??
      (
        await db
          .insert(centres)
          .values({
            name: c.name,
            address: `${rng.int(10, 999)} ${rng.pick(c.locale.streets)}`,
            city: c.locale.city,
            province: c.locale.province,
            postalCode: fakePostalCode(rng, rng.pick(c.locale.fsas)),
            phone: fakePhone(rng, c.locale.areaCode),
          })
          .returning({ centreId: centres.centreId })
      )[0]!.centreId;
    const [coordinator] = await db
      .select({ userId: users.userId })
      .from(users)
      .where(and(eq(users.centreId, centreId), eq(users.roleId, ROLE.coordinator), isNull(users.deletedAt)))
      .orderBy(users.userId)
      .limit(1);
    const workers = await ensureWorkers(db, rng, centreId, c.share * WORKERS_PER_SHARE);
    out.push({ centreId, locale: c.locale, share: c.share, createdBy: coordinator?.userId ?? null, workers });
  }
  return out;
}

function pickCentre(rng: Rng, list: readonly LargeCentre[]): LargeCentre {
  const total = list.reduce((s, c) => s + c.share, 0);
  let r = rng.next() * total;
  for (const c of list) {
    r -= c.share;
    if (r < 0) return c;
  }
  return list[list.length - 1]!;
}

const DAY = 86_400_000;
/** Clients arrived over the last six years, more of them recently. */
const HISTORY_DAYS = 6 * 365;

/** `count` generated clients, as rows ready to insert. */
export function buildClientBatch(
  rng: Rng,
  list: readonly LargeCentre[],
  crypto: ClientDataCrypto,
  now: Date,
  count: number,
): ClientInsert[] {
  const rows: ClientInsert[] = [];
  for (let i = 0; i < count; i++) {
    const centre = pickCentre(rng, list);
    const ageDays = Math.floor(HISTORY_DAYS * Math.pow(rng.next(), 1.6));
    const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, 86_399) * 1000);
    // A third were edited recently; the rest somewhere since they arrived.
    const editedAgo = rng.chance(0.3) ? rng.next() * Math.min(ageDays, 90) : rng.next() * ageDays;
    const updatedAt = new Date(Math.max(createdAt.getTime(), now.getTime() - editedAgo * DAY));
    // Most clients have one of their centre's workers; some none (issue 32).
    const workerId =
      centre.workers.length > 0 && !rng.chance(UNASSIGNED_SHARE) ? rng.pick(centre.workers) : null;
    rows.push({
      ...fakeClientValues(fakeClient(rng, centre.locale, now, { names: LARGE_NAMES }), crypto, {
        centreId: centre.centreId,
        createdBy: centre.createdBy,
        createdAt,
        updatedAt,
      }),
      workerId,
    });
  }
  return rows;
}

const CLIENT_COLUMNS = Object.entries(getTableColumns(clients)).filter(([key]) => key !== 'clientId');

/**
 * Inserts many clients in one statement: the rows travel as one JSON parameter (no limit on
 * bound parameters, and the same statement on both drivers). Answers the new ids' range. With
 * `planStatus`, each client's `recent_plan_status` is written as insertPlansFor's plans will leave
 * it (the last plan is the latest), so the plans' trigger (0009), or the seed's build of it
 * without triggers (large-derived.ts), need not rewrite every client row and its 22 index entries.
 */
export async function insertClientBatch(
  db: Executor,
  rows: readonly ClientInsert[],
  options: { planStatus?: boolean } = {},
): Promise<{ first: number; last: number }> {
  const json = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const [key, column] of CLIENT_COLUMNS) {
      const v = r[key as keyof ClientInsert];
      if (v !== undefined) o[column.name] = v;
    }
    return o;
  });
  const others = CLIENT_COLUMNS.filter(([, c]) => c.name !== 'recent_plan_status');
  const names = sql.raw(others.map(([, c]) => `"${c.name}"`).join(', '));
  const status = options.planStatus
    ? sql`CASE WHEN k = 0 THEN NULL WHEN ${planOpen(sql`new_id`, sql`k`, sql`k`)} THEN 'Open' ELSE 'Closed' END`
    : sql`recent_plan_status`;
  const result = await db.execute(sql`
    WITH rows AS (
      -- The ids taken here, in the rows' order, so the status can be read from them.
      SELECT nextval(pg_get_serial_sequence('clients', 'client_id'))::int AS new_id, j.*
        FROM json_populate_recordset(NULL::clients, ${JSON.stringify(json)}::json) j
    ), added AS (
      INSERT INTO clients (client_id, ${names}, recent_plan_status)
      SELECT new_id, ${names}, ${status}
        FROM (SELECT rows.*, ${planCount(sql`new_id`)} AS k FROM rows) r
      RETURNING client_id
    )
    SELECT min(client_id)::int AS first, max(client_id)::int AS last FROM added`);
  const [row] = (result as unknown as { rows: Array<{ first: number; last: number }> }).rows;
  return row!;
}

/**
 * Plans of the clients in [first, last], made by the database: per client 0 to 4 (about 1.5 on
 * average), spread from the client's arrival to today. Only a client's newest plan may be Open, so
 * the one-open-plan index always holds.
 */
export async function insertPlansFor(db: Executor, first: number, last: number): Promise<number> {
  const result = await db.execute(sql`
    WITH c AS (
      SELECT client_id, created_by, created_at::date AS since,
             greatest(current_date - created_at::date, 1) AS span, ${planCount(sql`client_id`)} AS k
        FROM clients WHERE client_id BETWEEN ${first} AND ${last}
    ), p AS (
      SELECT c.client_id, c.created_by, g.n, c.k,
             least(current_date, c.since + ((g.n - 1) * c.span / c.k)::int
                                 + (${h(sql`c.client_id * 8 + g.n`)} % greatest(c.span / c.k / 2, 1))::int) AS day,
             ${h(sql`c.client_id * 8 + g.n + 3`)} AS r, ${planOpen(sql`c.client_id`, sql`g.n`, sql`c.k`)} AS open
        FROM c CROSS JOIN LATERAL generate_series(1, c.k) AS g(n)
    ), e AS (
      SELECT p.*, (ARRAY['Unemployed', 'Employed', 'Self-employed', 'Not in the labour force'])[1 + r % 4] AS employment
        FROM p
    ), added AS (
      INSERT INTO plans (client_id, date, status, current_employment, employment_type, apprentice,
                         accessing_supports, relocate, transportation, created_by, created_at, updated_at)
      SELECT client_id, day,
             CASE WHEN open THEN 'Open' ELSE 'Closed' END,
             CASE WHEN r % 10 = 0 THEN NULL ELSE employment END,
             CASE WHEN employment = 'Employed'
                  THEN (ARRAY['Casual', 'Seasonal', 'Temporary', 'Insufficient hours', 'Permanent'])[1 + (r / 7) % 5] END,
             CASE WHEN (r / 11) % 8 = 0 THEN 'Yes' ELSE 'No' END,
             CASE WHEN (r / 13) % 2 = 0 THEN 'Yes' ELSE 'No' END,
             CASE WHEN (r / 17) % 10 = 0 THEN 'Yes' ELSE 'No' END,
             (ARRAY['Own vehicle', 'Public transit', 'Walks or cycles', 'Rides with family or friends', NULL])[1 + (r / 19) % 5],
             created_by, day + time '10:00', day + time '10:00'
        FROM e
       ORDER BY client_id, n
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM added`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/**
 * The outcome of every Closed plan of the clients in [first, last], made by the database: dated
 * 30 to 180 days after the plan started, never after the client's next plan started or today.
 * The plans are already Closed, so the trigger that closes a plan on its outcome changes nothing.
 */
export async function insertOutcomesFor(db: Executor, first: number, last: number): Promise<number> {
  const result = await db.execute(sql`
    WITH p AS (
      SELECT plan_id, created_by, date, status, ${h(sql`plan_id + 5`)} AS r,
             coalesce(lead(date) OVER (PARTITION BY client_id ORDER BY date, plan_id), current_date) AS next_day
        FROM plans WHERE client_id BETWEEN ${first} AND ${last}
    ), o AS (
      SELECT plan_id, created_by, r, least(next_day, current_date, date + 30 + (r % 150)::int) AS day,
             CASE WHEN r % 100 < 68 THEN 'Complete' WHEN r % 100 < 86 THEN 'Incomplete'
                  WHEN r % 100 < 93 THEN 'Cancelled' ELSE 'Rescheduled' END AS program,
             CASE WHEN (r / 100) % 100 < 45 THEN 'Employed' WHEN (r / 100) % 100 < 50 THEN 'Self-employed'
                  WHEN (r / 100) % 100 < 62 THEN 'Returned to school'
                  WHEN (r / 100) % 100 < 80 THEN 'Unemployed but available for work'
                  WHEN (r / 100) % 100 < 88 THEN 'Unspecified - Participant could not be reached'
                  WHEN (r / 100) % 100 < 94 THEN 'Starting a new action plan'
                  ELSE 'Not in the labour force' END AS post
        FROM p WHERE status = 'Closed'
    ), added AS (
      INSERT INTO outcomes (plan_id, date, program_outcome, incomplete_reason, post_program_status,
                            employment_type, job_title, received_certificate, created_by, created_at, updated_at)
      SELECT plan_id, day, program,
             CASE WHEN program <> 'Complete'
                  THEN (ARRAY['Gained employment', 'Medical issues', 'Job demands', 'Attending school',
                              'Family reasons', 'Moved', 'Personal reasons', 'Other'])[1 + (r / 10000) % 8] END,
             post,
             CASE WHEN post IN ('Employed', 'Self-employed')
                  THEN (ARRAY['Casual', 'Seasonal', 'Temporary', 'Permanent', 'Prefer not to report'])[1 + (r / 7) % 5] END,
             CASE WHEN post IN ('Employed', 'Self-employed') AND (r / 11) % 7 <> 0
                  THEN (${textArray(JOB_TITLES)})[1 + (r / 13) % ${JOB_TITLES.length}] END,
             CASE WHEN (r / 17) % 5 < 3 THEN 'Yes' ELSE 'No' END,
             created_by, day + time '14:00', day + time '14:00'
        FROM o
       ORDER BY plan_id
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM added`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/**
 * Success stories of the clients in [first, last]: for about two in three outcomes where the
 * client found work, written up to 40 days after it (never after today).
 */
export async function insertStoriesFor(db: Executor, first: number, last: number): Promise<number> {
  const result = await db.execute(sql`
    WITH s AS (
      SELECT c.client_id, c.first_name, o.created_by, ${h(sql`o.outcome_id + 9`)} AS r,
             least(current_date, o.date + (${h(sql`o.outcome_id`)} % 41)::int) AS day,
             lower(coalesce(o.job_title, 'full-time employee')) AS job
        FROM outcomes o
        JOIN plans p ON p.plan_id = o.plan_id
        JOIN clients c ON c.client_id = p.client_id
       WHERE p.client_id BETWEEN ${first} AND ${last}
         AND o.post_program_status IN ('Employed', 'Self-employed')
    ), added AS (
      INSERT INTO stories (client_id, date, writeup, created_by, created_at, updated_at)
      SELECT client_id, day,
             replace(replace((${textArray(STORY_TEMPLATES)})[1 + (r / 3) % ${STORY_TEMPLATES.length}],
                             '{name}', first_name),
                     '{job}', CASE WHEN job ~ '^[aeiou]' THEN 'an ' ELSE 'a ' END || job),
             created_by, day + time '15:00', day + time '15:00'
        FROM s WHERE r % 3 <> 0
       ORDER BY client_id, day
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM added`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/**
 * Interaction records of the clients in [first, last], made by the database: 0 to 20 per client
 * (10 on average), dated between the client's arrival and today, in person and by phone most.
 */
export async function insertInteractionsFor(db: Executor, first: number, last: number): Promise<number> {
  const result = await db.execute(sql`
    WITH c AS (
      SELECT client_id, created_by, created_at::date AS since,
             current_date - created_at::date AS span, (${h(sql`client_id + 7`)} % 21)::int AS k
        FROM clients WHERE client_id BETWEEN ${first} AND ${last}
    ), r AS (
      SELECT c.client_id, c.created_by, c.since, c.span, ${h(sql`c.client_id * 32 + g.n`)} AS r
        FROM c CROSS JOIN LATERAL generate_series(1, c.k) AS g(n)
    ), added AS (
      INSERT INTO client_interactions (client_id, interaction_id, date, count, created_by, created_at)
      SELECT client_id,
             CASE WHEN r % 100 < 30 THEN 1 WHEN r % 100 < 55 THEN 2 WHEN r % 100 < 73 THEN 3
                  WHEN r % 100 < 85 THEN 4 WHEN r % 100 < 92 THEN 5 WHEN r % 100 < 97 THEN 6 ELSE 7 END,
             since + ((r / 100) % (span + 1))::int,
             CASE WHEN (r / 7) % 4 = 0 THEN 2 + (r / 29) % 3 ELSE 1 END,
             created_by, since + ((r / 100) % (span + 1))::int + time '11:00'
        FROM r
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM added`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/**
 * About one group per 500 clients of a centre, each with 6 to 25 of the centre's clients among
 * those in [first, last]. Answers groups and memberships made.
 */
export async function insertGroupsFor(
  db: Executor,
  rng: Rng,
  now: Date,
  centre: LargeCentre,
  first: number,
  last: number,
  count: number,
): Promise<{ groups: number; members: number }> {
  if (count === 0) return { groups: 0, members: 0 };
  const values = Array.from({ length: count }, (_, i) => {
    const g = GROUPS[i % GROUPS.length]!;
    const created = new Date(now.getTime() - rng.int(1, 3 * 365) * DAY);
    return {
      centreId: centre.centreId,
      name: i < GROUPS.length ? g.name : `${g.name} ${Math.floor(i / GROUPS.length) + 1}`,
      description: g.description,
      createdBy: centre.createdBy,
      createdAt: created,
      updatedAt: created,
    };
  });
  const made = await db.insert(groups).values(values).returning({ groupId: groups.groupId });
  const ids = made.map((g) => g.groupId);
  // Where a group's members may start: far enough from the end to find them in the centre.
  const startSpan = Math.max(1, last - first + 1 - 2000);
  const result = await db.execute(sql`
    WITH added AS (
      INSERT INTO group_clients (group_id, client_id, added_at)
      SELECT g.group_id, m.client_id, g.created_at
        FROM groups g
        CROSS JOIN LATERAL (
          -- The centre's clients from a point of the range the group's id picks: a walk of the
          -- clients' ids from there, not a sort of all the centre's clients per group (which made
          -- the groups take minutes at 1,000,000 clients).
          SELECT c.client_id FROM clients c
           WHERE c.centre_id = g.centre_id
             AND c.client_id BETWEEN ${first} + abs(hashint4(g.group_id * 7919)) % ${startSpan} AND ${last}
           ORDER BY c.client_id
           LIMIT 6 + g.group_id % 20
        ) m
       WHERE g.group_id BETWEEN ${Math.min(...ids)} AND ${Math.max(...ids)}
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM added`);
  return { groups: ids.length, members: (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n };
}
