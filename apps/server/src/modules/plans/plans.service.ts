import { applyPlanSaveRules, isPlanMissingInfo } from '@cairn/shared/plan-rules';
import type {
  Plan,
  PlanBarrier,
  planCreateBodySchema,
  PlanInfo,
  planUpdateBodySchema,
} from '@cairn/shared/plans.schemas';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { conflict, notFound, orNotFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import { checkPlanItems } from './plan-items.service.ts';
import * as links from './plan-links.repository.ts';
import * as repo from './plans.repository.ts';

type CreateInput = z.output<typeof planCreateBodySchema>;
type UpdateInput = z.output<typeof planUpdateBodySchema>;

/**
 * The constraint that keeps one open plan per client: another module's write that reopens a plan
 * (removing its outcome) answers its own conflict when the database refuses it.
 */
export const ONE_OPEN_PLAN_CONSTRAINT = repo.PLAN_OPEN_UQ;

export async function listClientPlans(db: Db, actor: Actor, clientId: number): Promise<Plan[]> {
  await requireRecord(db, actor, 'client', clientId);
  const rows = await repo.listClientPlans(db, clientId);
  // Every plan's barriers in one query, however many plans the client has.
  const barriers = await links.listPlanBarriers(
    db,
    rows.map((r) => r.plan_id),
  );
  const byPlan = new Map<number, PlanBarrier[]>();
  for (const { plan_id, ...barrier } of barriers) {
    const list = byPlan.get(plan_id) ?? [];
    list.push(barrier);
    byPlan.set(plan_id, list);
  }
  return rows.map((row) => toPlan(row, byPlan.get(row.plan_id) ?? []));
}

export async function getPlan(db: Db, actor: Actor, planId: number): Promise<Plan> {
  await requireRecord(db, actor, 'plan', planId);
  const plan = await readPlan(db, planId);
  if (!plan) throw notFound();
  return plan;
}

/**
 * Spec §4 new plan save order, as one transaction: the plan, then its barriers; a barrier that
 * cannot be used leaves no plan behind. The plan opens, so a client who already has an open plan
 * is refused by the database's one-open-plan index, which also settles simultaneous requests.
 */
export async function createPlan(
  db: Db,
  actor: Actor,
  input: CreateInput,
): Promise<{ id: number; plan: Plan }> {
  return answerConstraints(
    () =>
      writeWithin(db, actor, 'client', input.client_id, async (tx) => {
        const catalogue = await links.findCatalogueEntries(
          tx,
          'barriers',
          input.barriers.map((b) => b.barrier_id),
        );
        const barriers = checkPlanItems(
          { catalogue, onPlan: new Set() },
          input.barriers.map((b) => ({ id: b.barrier_id, other_name: b.other_name })),
          { prefix: 'barriers.', idField: 'barrier_id' },
        );
        const id = await repo.insertPlan(tx, {
          ...infoValues(input),
          clientId: input.client_id,
          createdBy: actor.userId,
        });
        await links.replacePlanBarriers(tx, id, barriers);
        return { id, plan: (await readPlan(tx, id))! };
      }),
    {
      [repo.PLAN_OPEN_UQ]: () => conflict('open_plan_exists'),
      // The client was deleted between the check and the insert.
      [repo.PLAN_CLIENT_FK]: notFound,
    },
  );
}

/** Saves the plan info; the status follows the outcome and is never set here (spec §4). */
export async function updatePlan(db: Db, actor: Actor, planId: number, input: UpdateInput): Promise<Plan> {
  return writeWithin(db, actor, 'plan', planId, async (tx) => {
    await orNotFound(repo.updatePlan(tx, planId, infoValues(input)));
    return orNotFound(readPlan(tx, planId));
  });
}

export async function deletePlan(db: Db, actor: Actor, planId: number): Promise<void> {
  await writeWithin(db, actor, 'plan', planId, (tx) => orNotFound(repo.deletePlan(tx, planId)));
}

async function readPlan(db: Executor, planId: number): Promise<Plan | undefined> {
  const row = await repo.findPlan(db, planId);
  if (!row) return undefined;
  const barriers = await links.listPlanBarriers(db, [planId]);
  return toPlan(
    row,
    barriers.map(({ plan_id: _plan, ...b }) => b),
  );
}

/** Spec §4 save rule: the employment type belongs to Employed only. */
function infoValues(input: PlanInfo): repo.PlanInfoValues {
  const info = applyPlanSaveRules(input);
  return {
    date: info.date,
    currentEmployment: info.current_employment,
    employmentType: info.employment_type,
    apprentice: info.apprentice,
    accessingSupports: info.accessing_supports,
    relocate: info.relocate,
    transportation: info.transportation,
  };
}

function toPlan(row: repo.PlanRow, barriers: PlanBarrier[]): Plan {
  return { ...row, barriers, _missing: isPlanMissingInfo(row) };
}
