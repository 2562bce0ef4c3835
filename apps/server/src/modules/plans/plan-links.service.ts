import type { PlanBarrier, PlanSupport } from '@cairn/shared/plans.schemas';
import type { Db, Executor } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import { checkPlanItems } from './plan-items.service.ts';
import * as links from './plan-links.repository.ts';
import { touchPlan } from './plans.repository.ts';

/** How one of a plan's item lists (barriers, supports) is read and stored. */
export interface ItemList<T> {
  kind: 'barriers' | 'supports';
  idField: 'barrier_id' | 'support_id';
  read: (db: Executor, planId: number) => Promise<T[]>;
  idOf: (item: T) => number;
  replace: (db: Executor, planId: number, items: links.PlanItemValues[]) => Promise<void>;
}

export const BARRIERS: ItemList<PlanBarrier> = {
  kind: 'barriers',
  idField: 'barrier_id',
  read: async (db, planId) => (await links.listPlanBarriers(db, [planId])).map(({ plan_id: _p, ...b }) => b),
  idOf: (b) => b.barrier_id,
  replace: links.replacePlanBarriers,
};

export const SUPPORTS: ItemList<PlanSupport> = {
  kind: 'supports',
  idField: 'support_id',
  read: links.listPlanSupports,
  idOf: (s) => s.support_id,
  replace: links.replacePlanSupports,
};

/** GET /plans/{id}/barriers|supports: the plan's list, in its order. */
export async function listItems<T>(db: Db, actor: Actor, planId: number, list: ItemList<T>): Promise<T[]> {
  await requireRecord(db, actor, 'plan', planId);
  return list.read(db, planId);
}

/**
 * PUT /plans/{id}/barriers|supports: the plan's whole list, replacing the old one in one
 * transaction and kept in the order given. A disabled catalogue item may stay where it already is
 * but is not added anew; 'Other' needs its own name; repeats are dropped (spec §9).
 */
export async function replaceItems<T>(
  db: Db,
  actor: Actor,
  planId: number,
  list: ItemList<T>,
  input: links.PlanItemValues[],
): Promise<T[]> {
  return writeWithin(db, actor, 'plan', planId, async (tx) => {
    if (!(await touchPlan(tx, planId))) throw notFound();
    const current = await list.read(tx, planId);
    const catalogue = await links.findCatalogueEntries(
      tx,
      list.kind,
      input.map((i) => i.id),
    );
    const items = checkPlanItems({ catalogue, onPlan: new Set(current.map(list.idOf)) }, input, {
      prefix: '',
      idField: list.idField,
    });
    await list.replace(tx, planId, items);
    return list.read(tx, planId);
  });
}
