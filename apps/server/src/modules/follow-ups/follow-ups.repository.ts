import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isoText } from '../../db/iso-text.ts';
import { followUps } from '../../db/schema/follow-ups.ts';
import { users } from '../../db/schema/users.ts';

/** A follow-up as stored, with its recorder's name: the answer but for its status. */
export interface FollowUpRow {
  follow_up_id: number;
  plan_id: number;
  month: number;
  due_date: string;
  contact_date: string | null;
  reached: boolean | null;
  post_program_status: string | null;
  hours: string | null;
  employment_type: string | null;
  job_title: string | null;
  noc: string | null;
  note: string | null;
  recorded_by: string | null;
  recorded_at: string | null;
}

/** What recording a follow-up writes. */
export interface FollowUpValues {
  contactDate: string;
  reached: boolean;
  postProgramStatus: string | null;
  hours: string | null;
  employmentType: string | null;
  jobTitle: string | null;
  noc: string | null;
  note: string | null;
}

/** The due date of the follow-up `month` months after `date` (SQL): the same day, or the month's last. */
const dueAfter = (date: unknown, month: unknown) =>
  sql`(${date}::date + make_interval(months => ${month}::int))::date`;

function followUpQuery(db: Executor) {
  return db
    .select({
      follow_up_id: followUps.followUpId,
      plan_id: followUps.planId,
      month: followUps.month,
      due_date: followUps.dueDate,
      contact_date: followUps.contactDate,
      reached: followUps.reached,
      post_program_status: followUps.postProgramStatus,
      hours: followUps.hours,
      employment_type: followUps.employmentType,
      job_title: followUps.jobTitle,
      noc: followUps.noc,
      note: followUps.note,
      // Both null until recorded (a concatenation or to_char of null is null).
      recorded_by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      recorded_at: sql<string | null>`${isoText(followUps.recordedAt)}`,
    })
    .from(followUps)
    .leftJoin(users, eq(users.userId, followUps.recordedBy));
}

/** A plan's follow-ups, by month (follow_ups_plan_month_uq). */
export function listFollowUps(db: Executor, planId: number): Promise<FollowUpRow[]> {
  return followUpQuery(db).where(eq(followUps.planId, planId)).orderBy(asc(followUps.month));
}

export async function findFollowUp(db: Executor, followUpId: number): Promise<FollowUpRow | undefined> {
  const [row] = await followUpQuery(db).where(eq(followUps.followUpId, followUpId));
  return row;
}

/** Schedules the outcome's follow-ups at `months` after its date, once each. */
export async function insertFollowUps(
  db: Executor,
  outcome: { outcomeId: number; planId: number; date: string },
  months: readonly number[],
): Promise<void> {
  if (months.length === 0) return;
  await db.execute(sql`
    INSERT INTO follow_ups (plan_id, outcome_id, month, due_date)
    SELECT ${outcome.planId}, ${outcome.outcomeId}, m.month, ${dueAfter(outcome.date, sql`m.month`)}
      FROM unnest(${`{${months.join(',')}}`}::int[]) AS m(month)
    ON CONFLICT (plan_id, month) DO NOTHING`);
}

/** Moves the outcome's follow-ups not yet recorded to follow its date `date`. */
export async function moveFollowUps(db: Executor, outcomeId: number, date: string): Promise<void> {
  const due = dueAfter(date, followUps.month);
  await db
    .update(followUps)
    .set({ dueDate: due, updatedAt: sql`now()` })
    .where(
      sql`${followUps.outcomeId} = ${outcomeId} AND ${followUps.contactDate} IS NULL AND ${followUps.dueDate} <> ${due}`,
    );
}

/** Records the follow-up; false when it is gone. */
export async function recordFollowUp(
  db: Executor,
  followUpId: number,
  values: FollowUpValues,
  recordedBy: number,
): Promise<boolean> {
  const rows = await db
    .update(followUps)
    .set({ ...values, recordedBy, recordedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(followUps.followUpId, followUpId))
    .returning({ id: followUps.followUpId });
  return rows.length > 0;
}
