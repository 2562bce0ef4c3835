import { sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { groups } from '../schema/groups.ts';
import { GROUPS, type Rng } from './fake-data.ts';
import { JOB_TITLES, STORY_TEMPLATES } from './fake-plan-records.ts';
import type { LargeCentre } from './large-centres.ts';
import { countInserted, DAY, h, planCount, planOpen, textArray } from './large-sql.ts';

/**
 * Plans of the clients in [first, last], made by the database: per client 0 to 4 (about 1.5 on
 * average), spread from the client's arrival to today. Only a client's newest plan may be Open, so
 * the one-open-plan index always holds.
 */
export async function insertPlansFor(db: Executor, first: number, last: number): Promise<number> {
  return countInserted(
    db,
    sql`c AS (
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
    )`,
    sql`
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
       ORDER BY client_id, n`,
  );
}

/**
 * The outcome of every Closed plan of the clients in [first, last], made by the database: dated
 * 30 to 180 days after the plan started, never after the client's next plan started or today.
 * The plans are already Closed, so the trigger that closes a plan on its outcome changes nothing.
 */
export async function insertOutcomesFor(db: Executor, first: number, last: number): Promise<number> {
  return countInserted(
    db,
    sql`p AS (
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
    )`,
    sql`
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
       ORDER BY plan_id`,
  );
}

/**
 * Success stories of the clients in [first, last]: for about two in three outcomes where the
 * client found work, written up to 40 days after it (never after today).
 */
export async function insertStoriesFor(db: Executor, first: number, last: number): Promise<number> {
  return countInserted(
    db,
    sql`s AS (
      SELECT c.client_id, c.first_name, o.created_by, ${h(sql`o.outcome_id + 9`)} AS r,
             least(current_date, o.date + (${h(sql`o.outcome_id`)} % 41)::int) AS day,
             lower(coalesce(o.job_title, 'full-time employee')) AS job
        FROM outcomes o
        JOIN plans p ON p.plan_id = o.plan_id
        JOIN clients c ON c.client_id = p.client_id
       WHERE p.client_id BETWEEN ${first} AND ${last}
         AND o.post_program_status IN ('Employed', 'Self-employed')
    )`,
    sql`
      INSERT INTO stories (client_id, date, writeup, created_by, created_at, updated_at)
      SELECT client_id, day,
             replace(replace((${textArray(STORY_TEMPLATES)})[1 + (r / 3) % ${STORY_TEMPLATES.length}],
                             '{name}', first_name),
                     '{job}', CASE WHEN job ~ '^[aeiou]' THEN 'an ' ELSE 'a ' END || job),
             created_by, day + time '15:00', day + time '15:00'
        FROM s WHERE r % 3 <> 0
       ORDER BY client_id, day`,
  );
}

/**
 * Interaction records of the clients in [first, last], made by the database: 0 to 20 per client
 * (10 on average), dated between the client's arrival and today, in person and by phone most.
 */
export async function insertInteractionsFor(db: Executor, first: number, last: number): Promise<number> {
  return countInserted(
    db,
    sql`c AS (
      SELECT client_id, created_by, created_at::date AS since,
             current_date - created_at::date AS span, (${h(sql`client_id + 7`)} % 21)::int AS k
        FROM clients WHERE client_id BETWEEN ${first} AND ${last}
    ), r AS (
      SELECT c.client_id, c.created_by, c.since, c.span, ${h(sql`c.client_id * 32 + g.n`)} AS r
        FROM c CROSS JOIN LATERAL generate_series(1, c.k) AS g(n)
    )`,
    sql`
      INSERT INTO client_interactions (client_id, interaction_id, date, count, created_by, created_at)
      SELECT client_id,
             CASE WHEN r % 100 < 30 THEN 1 WHEN r % 100 < 55 THEN 2 WHEN r % 100 < 73 THEN 3
                  WHEN r % 100 < 85 THEN 4 WHEN r % 100 < 92 THEN 5 WHEN r % 100 < 97 THEN 6 ELSE 7 END,
             since + ((r / 100) % (span + 1))::int,
             CASE WHEN (r / 7) % 4 = 0 THEN 2 + (r / 29) % 3 ELSE 1 END,
             created_by, since + ((r / 100) % (span + 1))::int + time '11:00'
        FROM r`,
  );
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
  const members = await countInserted(
    db,
    undefined,
    sql`
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
       WHERE g.group_id BETWEEN ${Math.min(...ids)} AND ${Math.max(...ids)}`,
  );
  return { groups: ids.length, members };
}
