import type { PlanTraining, planTrainingInputSchema } from '@cairn/shared/plans.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound, type FieldMessages } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import { checkEntry } from './plan-items.service.ts';
import * as links from './plan-links.repository.ts';
import { touchPlan } from './plans.repository.ts';

type TrainingInput = z.output<typeof planTrainingInputSchema>;

export async function listTrainings(db: Db, actor: Actor, planId: number): Promise<PlanTraining[]> {
  await requireRecord(db, actor, 'plan', planId);
  return links.listPlanTrainings(db, planId);
}

/**
 * PUT /plans/{id}/trainings: the plan's whole list of trainings, in one transaction. An entry
 * naming one of the plan's own plan_training_id keeps that row (and its id); any other entry is
 * added, and the plan's rows the list leaves out are removed. The same training may be taken on
 * several dates; only an exact repeat (same training, date, NOC and name) is dropped. A disabled
 * training may stay where it already is but is not added anew, and 'Other' needs its own name.
 */
export async function replaceTrainings(
  db: Db,
  actor: Actor,
  planId: number,
  input: TrainingInput[],
): Promise<PlanTraining[]> {
  return writeWithin(db, actor, 'plan', planId, async (tx) => {
    if (!(await touchPlan(tx, planId))) throw notFound();
    const current = await links.listPlanTrainings(tx, planId);
    const catalogue = await links.findCatalogueEntries(
      tx,
      'trainings',
      input.map((t) => t.training_id),
    );
    const check = { catalogue, onPlan: new Set(current.map((t) => t.training_id)) };
    const fields: FieldMessages = {};
    const checked = input.map((t, i) => {
      const ok = checkEntry(
        check,
        { id: t.training_id, other_name: t.other_name },
        { id: `${i}.training_id`, otherName: `${i}.other_name` },
        fields,
      );
      return ok && { ...t, other_name: ok.otherName };
    });
    if (Object.keys(fields).length > 0) throw badRequest(fields);

    const stored = new Map(current.map((t) => [t.plan_training_id, t]));
    const kept = new Set<number>();
    const seen = new Set<string>();
    const updates: Array<[number, links.PlanTrainingValues]> = [];
    const inserts: links.PlanTrainingValues[] = [];
    for (const t of checked.filter((c) => c !== undefined)) {
      const repeat = [t.training_id, t.date, t.noc ?? '', (t.other_name ?? '').toLowerCase()].join('|');
      if (seen.has(repeat)) continue;
      seen.add(repeat);
      const values = { trainingId: t.training_id, date: t.date, noc: t.noc, otherName: t.other_name };
      const id = t.plan_training_id;
      const old = id === undefined ? undefined : stored.get(id);
      if (id === undefined || !old || kept.has(id)) {
        inserts.push(values);
        continue;
      }
      kept.add(id);
      if (!sameTraining(old, values)) updates.push([id, values]);
    }
    await links.deletePlanTrainingsExcept(tx, planId, [...kept]);
    for (const [id, values] of updates) await links.updatePlanTraining(tx, planId, id, values);
    await links.insertPlanTrainings(tx, planId, inserts);
    return links.listPlanTrainings(tx, planId);
  });
}

function sameTraining(old: PlanTraining, values: links.PlanTrainingValues): boolean {
  return (
    old.training_id === values.trainingId &&
    old.date === values.date &&
    old.noc === values.noc &&
    old.other_name === values.otherName
  );
}
