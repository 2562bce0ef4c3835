import { todayIso } from '@cairn/shared/dates';
import { followUpStatus, type FollowUp, type followUpBodySchema } from '@cairn/shared/follow-ups.schemas';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { orNotFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import * as repo from './follow-ups.repository.ts';

/** The body as parsed: the conditional answers already checked and cleared. */
type FollowUpInput = z.output<typeof followUpBodySchema>;

/** The follow-up as the API answers it: its status on the server clock's day. */
const answerOf = (row: repo.FollowUpRow, now: () => Date): FollowUp => ({
  ...row,
  status: followUpStatus(row, todayIso(now())),
});

/** GET /plans/{id}/follow-ups: the plan's follow-ups by month (none until it has an outcome). */
export async function listFollowUps(
  db: Db,
  now: () => Date,
  actor: Actor,
  planId: number,
): Promise<FollowUp[]> {
  await requireRecord(db, actor, 'plan', planId);
  return (await repo.listFollowUps(db, planId)).map((row) => answerOf(row, now));
}

/**
 * PUT /follow-ups/{id}: records what the contact found. A closed plan's follow-ups stay open to
 * this: following up is what happens after a plan closes.
 */
export async function recordFollowUp(
  db: Db,
  now: () => Date,
  actor: Actor,
  followUpId: number,
  input: FollowUpInput,
): Promise<FollowUp> {
  return writeWithin(db, actor, 'follow_up', followUpId, async (tx) => {
    await orNotFound(
      repo.recordFollowUp(
        tx,
        followUpId,
        {
          contactDate: input.contact_date,
          reached: input.reached,
          postProgramStatus: input.post_program_status,
          hours: input.hours,
          employmentType: input.employment_type,
          jobTitle: input.job_title,
          noc: input.noc,
          note: input.note,
        },
        actor.userId,
      ),
    );
    return answerOf(await orNotFound(repo.findFollowUp(tx, followUpId)), now);
  });
}

/**
 * Schedules a new outcome's follow-ups at `months` (FOLLOW_UP_MONTHS) after its date, in the
 * outcome's own transaction `tx`.
 */
export function scheduleFollowUps(
  tx: Executor,
  outcome: { outcomeId: number; planId: number; date: string },
  months: readonly number[],
): Promise<void> {
  return repo.insertFollowUps(tx, outcome, months);
}

/** An outcome's date changed: its follow-ups not yet recorded move with it, in `tx`. */
export function moveFollowUps(tx: Executor, outcomeId: number, date: string): Promise<void> {
  return repo.moveFollowUps(tx, outcomeId, date);
}
