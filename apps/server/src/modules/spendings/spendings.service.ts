import type { Spending, spendingBodySchema } from '@cairn/shared/spendings.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { notFound, orNotFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import * as repo from './spendings.repository.ts';

type SpendingInput = z.output<typeof spendingBodySchema>;

/** The columns a save writes; the value as exact numeric text (1234.56 stays 1234.56). */
function values(input: SpendingInput): repo.SpendingValues {
  return {
    date: input.date,
    item: input.item,
    value: input.value.toFixed(2),
    workGear: input.work_gear,
    description: input.description,
  };
}

export async function listSpendings(db: Db, actor: Actor, planId: number): Promise<Spending[]> {
  await requireRecord(db, actor, 'plan', planId);
  return repo.listSpendings(db, planId);
}

/** Adds a line to the plan the body names, which the caller must be able to reach. */
export async function createSpending(db: Db, actor: Actor, input: SpendingInput): Promise<Spending> {
  return answerConstraints(
    () =>
      writeWithin(db, actor, 'plan', input.plan_id, (tx) =>
        repo.insertSpending(tx, { ...values(input), planId: input.plan_id, createdBy: actor.userId }),
      ),
    // The plan was deleted between the check and the insert.
    { [repo.SPENDINGS_PLAN_FK]: notFound },
  );
}

/**
 * Saves the line the path names. A line stays on its plan: the body's plan_id is not a way to
 * move it (nor to reach a plan the caller could not), so it is ignored.
 */
export async function updateSpending(
  db: Db,
  actor: Actor,
  spendingId: number,
  input: SpendingInput,
): Promise<Spending> {
  return writeWithin(db, actor, 'spending', spendingId, (tx) =>
    orNotFound(repo.updateSpending(tx, spendingId, values(input))),
  );
}

export async function deleteSpending(db: Db, actor: Actor, spendingId: number): Promise<void> {
  await writeWithin(db, actor, 'spending', spendingId, (tx) =>
    orNotFound(repo.deleteSpending(tx, spendingId)),
  );
}
