import { addDays, todayIso } from '@cairn/shared/dates';
import { sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';

/**
 * The demo's follow-ups (issue 32): every closed plan's at 3, 6 and 12 months after its outcome,
 * as saving the outcome schedules them; those due more than a month ago recorded a few days after
 * their due date. Each worker's earliest follow-up still open falls due in two days, so My work
 * has a call to show this week.
 */
export async function seedDemoFollowUps(tx: Executor, now: Date): Promise<void> {
  const today = todayIso(now);
  await tx.execute(sql`
    INSERT INTO follow_ups (plan_id, outcome_id, month, due_date)
    SELECT o.plan_id, o.outcome_id, m.month, (o.date + make_interval(months => m.month))::date
      FROM outcomes o CROSS JOIN (VALUES (3), (6), (12)) AS m(month)
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    UPDATE follow_ups SET contact_date = least(due_date + 4, ${today}::date), reached = true
     WHERE contact_date IS NULL AND due_date < ${addDays(today, -30)}::date`);
  await tx.execute(sql`
    UPDATE follow_ups f SET due_date = ${addDays(today, 2)}::date
      FROM (SELECT DISTINCT ON (c.worker_id) f2.follow_up_id
              FROM follow_ups f2
              JOIN plans p ON p.plan_id = f2.plan_id
              JOIN clients c ON c.client_id = p.client_id
             WHERE c.worker_id IS NOT NULL AND f2.contact_date IS NULL
             ORDER BY c.worker_id, f2.due_date, f2.follow_up_id) first
     WHERE f.follow_up_id = first.follow_up_id`);
}
