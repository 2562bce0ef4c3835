import type { Outcome, outcomeBodySchema } from '@cairn/shared/outcomes.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { conflict, notFound, orNotFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import { moveFollowUps, scheduleFollowUps } from '../follow-ups/follow-ups.service.ts';
import { ONE_OPEN_PLAN_CONSTRAINT } from '../plans/plans.service.ts';
import * as repo from './outcomes.repository.ts';

/** The body as parsed: conditional answers already checked and cleared (spec §4). */
type OutcomeInput = z.output<typeof outcomeBodySchema>;

export async function listPlanOutcomes(db: Db, actor: Actor, planId: number): Promise<Outcome[]> {
  await requireRecord(db, actor, 'plan', planId);
  return repo.listPlanOutcomes(db, planId);
}

/**
 * Recording how the plan ended closes it (spec §4); a plan has one outcome at most. Its follow-ups
 * are scheduled with it, at `followUpMonths` (FOLLOW_UP_MONTHS) after its date.
 */
export async function createOutcome(
  db: Db,
  actor: Actor,
  input: OutcomeInput,
  followUpMonths: readonly number[],
): Promise<Outcome> {
  return answerConstraints(
    () =>
      writeWithin(db, actor, 'plan', input.plan_id, async (tx) => {
        const id = await repo.insertOutcome(tx, {
          ...outcomeValues(input),
          planId: input.plan_id,
          createdBy: actor.userId,
        });
        await scheduleFollowUps(
          tx,
          { outcomeId: id, planId: input.plan_id, date: input.date },
          followUpMonths,
        );
        return (await repo.findOutcome(tx, id))!;
      }),
    {
      [repo.OUTCOME_PLAN_UQ]: () => conflict('outcome_exists'),
      // The plan was deleted between the check and the insert.
      [repo.OUTCOME_PLAN_FK]: notFound,
    },
  );
}

/**
 * Saves the outcome's answers; it stays on its plan whatever plan_id the body names. Its
 * follow-ups not yet recorded follow its date.
 */
export async function updateOutcome(
  db: Db,
  actor: Actor,
  outcomeId: number,
  input: OutcomeInput,
): Promise<Outcome> {
  return writeWithin(db, actor, 'outcome', outcomeId, async (tx) => {
    await orNotFound(repo.updateOutcome(tx, outcomeId, outcomeValues(input)));
    await moveFollowUps(tx, outcomeId, input.date);
    return orNotFound(repo.findOutcome(tx, outcomeId));
  });
}

/**
 * Removing the outcome reopens its plan (spec §4) and removes its follow-ups (their foreign key
 * cascades). A client has one open plan at most, so when
 * another plan has been opened since, the database refuses and the outcome stays.
 */
export async function deleteOutcome(db: Db, actor: Actor, outcomeId: number): Promise<void> {
  await answerConstraints(
    () => writeWithin(db, actor, 'outcome', outcomeId, (tx) => orNotFound(repo.deleteOutcome(tx, outcomeId))),
    {
      [ONE_OPEN_PLAN_CONSTRAINT]: () => conflict('plan_reopen_conflict'),
    },
  );
}

function outcomeValues(input: OutcomeInput): repo.OutcomeValues {
  return {
    date: input.date,
    programOutcome: input.program_outcome,
    incompleteReason: input.incomplete_reason,
    postProgramStatus: input.post_program_status,
    employmentType: input.employment_type,
    jobTitle: input.job_title,
    receivedCertificate: input.received_certificate,
  };
}
