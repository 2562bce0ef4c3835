import type { InteractionType, interactionRecordListSchema } from '@cairn/shared/interactions.schemas';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { badRequest, notFound, type FieldMessages } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireRecord, writeWithin } from '../access/access.service.ts';
import { auditNote } from '../audit/audit.policy.ts';
import * as repo from './interactions.repository.ts';

type InteractionRecords = z.output<typeof interactionRecordListSchema>;

export function listInteractionTypes(db: Db): Promise<InteractionType[]> {
  return repo.listInteractionTypes(db);
}

export async function getInteractionSums(db: Db, actor: Actor, clientId: number) {
  await requireRecord(db, actor, 'client', clientId);
  return repo.sumInteractions(db, clientId);
}

/**
 * Appends the records with a count above 0 (spec §5: zero is accepted and ignored) and answers
 * the client's new sums. Records are history: nothing is replaced, and the client row itself is
 * left alone (recording an interaction is not an edit of the client).
 */
export async function recordInteractions(
  db: Db,
  actor: Actor,
  clientId: number,
  records: InteractionRecords,
) {
  const rows = records
    .filter((r) => r.count > 0)
    .map((r) => ({
      clientId,
      interactionId: r.interaction_id,
      date: r.date,
      count: r.count,
      createdBy: actor.userId,
    }));
  return answerConstraints(
    () =>
      writeWithin(db, actor, 'client', clientId, async (tx) => {
        await checkInteractionTypes(tx, records);
        await repo.insertInteractions(tx, rows);
        const sums = await repo.sumInteractions(tx, clientId);
        auditNote(actor, { details: { changes: changedSums(sums, rows) } });
        return sums;
      }),
    // The client was deleted between the check and the insert.
    { [repo.INTERACTIONS_CLIENT_FK]: notFound },
  );
}

/**
 * What the entry of a recording lists as changed: each kind recorded, by its name, from its sum
 * before to its sum after (docs/ARCHITECTURE.md, "The audit trail").
 */
function changedSums(
  sums: repo.InteractionSumRow[],
  rows: readonly { interactionId: number; count: number }[],
) {
  const added = new Map<number, number>();
  for (const r of rows) added.set(r.interactionId, (added.get(r.interactionId) ?? 0) + r.count);
  return sums
    .filter((s) => added.has(s.interaction_id))
    .map((s) => ({ field: s.name, before: s.total - (added.get(s.interaction_id) ?? 0), after: s.total }));
}

/** 400 naming each record whose interaction type does not exist. */
export async function checkInteractionTypes(db: Executor, records: InteractionRecords): Promise<void> {
  const known = new Set((await repo.listInteractionTypes(db)).map((t) => t.interaction_id));
  const fields: FieldMessages = {};
  records.forEach((r, i) => {
    if (!known.has(r.interaction_id)) fields[`${i}.interaction_id`] = { code: 'choice' };
  });
  if (Object.keys(fields).length > 0) throw badRequest(fields);
}
