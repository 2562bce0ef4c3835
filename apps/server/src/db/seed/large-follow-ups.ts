import { sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { countInserted, h } from './large-sql.ts';

/**
 * The follow-ups of every outcome of the clients in [first, last] (issue 32), made by the database
 * as saving the outcome schedules them: at 3, 6 and 12 months after its date (FOLLOW_UP_MONTHS'
 * default). Of those due by today, about four in five recorded a few days after their due date
 * (never after today): seven in ten reached, about half of whom employed and a few self-employed,
 * full time twice as often as part time. So retention has a fiscal year's worth to count.
 * The outcome's date and the client's centre and worker are written as follow_ups_fill (0037,
 * 0039) would: a load with the triggers off (large-batch.ts) has no trigger to fill them.
 */
export async function insertFollowUpsFor(db: Executor, first: number, last: number): Promise<number> {
  return countInserted(
    db,
    sql`f AS (
      SELECT o.plan_id, o.outcome_id, o.created_by, m.month, o.date AS outcome_date, c.centre_id, c.worker_id,
             (o.date + make_interval(months => m.month))::date AS due,
             ${h(sql`o.outcome_id * 16 + m.month`)} AS r
        FROM outcomes o JOIN plans p ON p.plan_id = o.plan_id JOIN clients c ON c.client_id = p.client_id
       CROSS JOIN (VALUES (3), (6), (12)) AS m(month)
       WHERE p.client_id BETWEEN ${first} AND ${last}
    ), answered AS (
      SELECT f.*, f.due <= current_date AND r % 100 < 80 AS recorded, (r / 100) % 100 < 70 AS reached,
             CASE WHEN (r / 10000) % 100 < 50 THEN 'Employed' WHEN (r / 10000) % 100 < 56 THEN 'Self-employed'
                  WHEN (r / 10000) % 100 < 70 THEN 'Returned to school'
                  ELSE 'Unemployed but available for work' END AS post
        FROM f
    )`,
    sql`
      INSERT INTO follow_ups (plan_id, outcome_id, month, due_date, contact_date, reached, post_program_status,
                              hours, employment_type, recorded_by, recorded_at, outcome_date, centre_id, worker_id)
      SELECT plan_id, outcome_id, month, due,
             CASE WHEN recorded THEN least(current_date, due + (r % 20)::int) END,
             CASE WHEN recorded THEN reached END,
             CASE WHEN recorded AND reached THEN post END,
             CASE WHEN recorded AND reached AND post IN ('Employed', 'Self-employed')
                  THEN CASE WHEN (r / 7) % 3 < 2 THEN 'Full time' ELSE 'Part time' END END,
             CASE WHEN recorded AND reached AND post IN ('Employed', 'Self-employed')
                  THEN (ARRAY['Casual', 'Seasonal', 'Temporary', 'Permanent'])[1 + (r / 11) % 4] END,
             CASE WHEN recorded THEN created_by END,
             CASE WHEN recorded THEN least(current_date, due + (r % 20)::int) + time '10:00' END,
             outcome_date, centre_id, worker_id
        FROM answered
       ORDER BY plan_id, month`,
  );
}
