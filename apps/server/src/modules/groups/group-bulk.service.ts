import { auditNote } from '../audit/audit.policy.ts';
import type {
  GroupBulkResult,
  GroupClientName,
  groupBulkInteractionBodySchema,
  groupBulkSupportBodySchema,
  groupBulkTrainingBodySchema,
} from '@cairn/shared/groups.schemas';
import { dedupePlanItems } from '@cairn/shared/plan-rules';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { badRequest, conflictNaming, type FieldMessages } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { writeWithinCentre } from '../access/access.service.ts';
import { checkInteractionTypes } from '../interactions/interactions.service.ts';
import { checkEntry, newEntriesCheck } from '../plans/plan-items.service.ts';
import * as bulk from './group-bulk.repository.ts';
import { membersWithoutOpenPlan } from './groups.repository.ts';

type InteractionInput = z.output<typeof groupBulkInteractionBodySchema>;
type SupportInput = z.output<typeof groupBulkSupportBodySchema>;
type TrainingInput = z.output<typeof groupBulkTrainingBodySchema>;

/** How supports and trainings treat members without an open plan: a 409 unless skipped. */
export interface BulkPlanOptions {
  skipWithoutPlan?: boolean;
}

/**
 * A group's bulk actions (spec §7): each runs as one transaction over every member, with one
 * set-based statement, after the single-client action's validation. The group row is locked for
 * the transaction, so members cannot change under it.
 */

/** The action's answer; the audit entry names every member it reached. */
async function resultFor(
  tx: Executor,
  actor: Actor,
  groupId: number,
  added: number,
  skipped: GroupClientName[] = [],
): Promise<GroupBulkResult> {
  const left = new Set(skipped.map((c) => c.client_id));
  const members = (await bulk.memberIds(tx, groupId)).filter((id) => !left.has(id));
  auditNote(actor, {
    clientIds: members,
    details: { added, ...(skipped.length > 0 ? { skipped: skipped.length } : {}) },
  });
  return { members: members.length, added, skipped };
}

/** POST /groups/{id}/bulk-create/interaction: the records for every member (counts above 0). */
export function addInteractions(
  db: Db,
  actor: Actor,
  groupId: number,
  records: InteractionInput,
): Promise<GroupBulkResult> {
  return writeWithinCentre(db, actor, 'group', groupId, async (tx) => {
    await checkInteractionTypes(tx, records);
    const rows = records
      .filter((r) => r.count > 0)
      .map((r) => ({ interactionId: r.interaction_id, date: r.date, count: r.count }));
    const added = await bulk.insertGroupInteractions(tx, groupId, actor.userId, rows);
    return resultFor(tx, actor, groupId, added);
  });
}

/** POST /groups/{id}/bulk-create/support: the supports, on every member's open plan (or those who have one). */
export function addSupports(
  db: Db,
  actor: Actor,
  groupId: number,
  input: SupportInput,
  options: BulkPlanOptions = {},
): Promise<GroupBulkResult> {
  return onOpenPlans(db, actor, groupId, options.skipWithoutPlan ?? false, async (tx) => {
    const check = await newEntriesCheck(
      tx,
      'supports',
      input.map((s) => s.support_id),
    );
    const fields: FieldMessages = {};
    const checked = input.map((s, i) => {
      const ok = checkEntry(
        check,
        { id: s.support_id, other_name: s.other_name },
        paths(i, 'support_id'),
        fields,
      );
      return ok && { id: s.support_id, is_other: ok.entry.isOther, other_name: ok.otherName };
    });
    if (Object.keys(fields).length > 0) throw badRequest(fields);
    const supports = dedupePlanItems(
      checked.filter((c) => c !== undefined),
      (c) => c,
    ).map((s) => ({ supportId: s.id, otherName: s.other_name }));
    return bulk.insertGroupSupports(tx, groupId, supports);
  });
}

/** POST /groups/{id}/bulk-create/training: the trainings, on every member's open plan (or those who have one). */
export function addTrainings(
  db: Db,
  actor: Actor,
  groupId: number,
  input: TrainingInput,
  options: BulkPlanOptions = {},
): Promise<GroupBulkResult> {
  return onOpenPlans(db, actor, groupId, options.skipWithoutPlan ?? false, async (tx) => {
    const check = await newEntriesCheck(
      tx,
      'trainings',
      input.map((t) => t.training_id),
    );
    const fields: FieldMessages = {};
    const seen = new Set<string>();
    const trainings: bulk.BulkTraining[] = [];
    input.forEach((t, i) => {
      const ok = checkEntry(
        check,
        { id: t.training_id, other_name: t.other_name },
        paths(i, 'training_id'),
        fields,
      );
      if (!ok) return;
      // The same training on the same date (for 'Other', under the same name) is added once.
      const repeat = [t.training_id, t.date, (ok.otherName ?? '').toLowerCase()].join('|');
      if (seen.has(repeat)) return;
      seen.add(repeat);
      trainings.push({ trainingId: t.training_id, date: t.date, noc: t.noc, otherName: ok.otherName });
    });
    if (Object.keys(fields).length > 0) throw badRequest(fields);
    return bulk.insertGroupTrainings(tx, groupId, trainings);
  });
}

/**
 * Runs `write` (which answers the rows it added) on the group's members' open plans. A member
 * without one is a 409 naming every such member, before anything is written for anyone, unless
 * the caller chose to skip them (`skipWithoutPlan`): then the others' plans get the entries and
 * the answer names those skipped.
 */
function onOpenPlans(
  db: Db,
  actor: Actor,
  groupId: number,
  skipWithoutPlan: boolean,
  write: (tx: Executor) => Promise<number>,
): Promise<GroupBulkResult> {
  return writeWithinCentre(db, actor, 'group', groupId, async (tx) => {
    await bulk.lockOpenPlans(tx, groupId);
    const missing = await membersWithoutOpenPlan(tx, groupId);
    if (missing.length > 0 && !skipWithoutPlan)
      throw conflictNaming('group_members_without_open_plan', missing);
    const added = await write(tx);
    await bulk.touchOpenPlans(tx, groupId);
    return resultFor(tx, actor, groupId, added, missing);
  });
}

const paths = (i: number, idField: string) => ({ id: `${i}.${idField}`, otherName: `${i}.other_name` });
