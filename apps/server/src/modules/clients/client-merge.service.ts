import { applyClientSaveRules } from '@cairn/shared/client-rules';
import {
  CLIENT_MERGE_FIELDS,
  type ClientMergeField,
  type ClientMergePreview,
  type MergeSide,
} from '@cairn/shared/client-merge.schemas';
import type { Client, clientUpdateBodySchema } from '@cairn/shared/clients.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { clientRowValues } from '../../db/client-row.ts';
import type { Executor } from '../../db/database.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { scopeOf } from '../access/access.policy.ts';
import { requireRecord } from '../access/access.service.ts';
import { auditNote } from '../audit/audit.policy.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import * as repo from './client-merge.repository.ts';
import { findClientProfile, updateClient } from './clients.repository.ts';

type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;
type Keep = Partial<Record<ClientMergeField, MergeSide>>;
/** Every answer a client row holds, under its API name, as a save writes it (no SIN: see below). */
type MergedAnswers = Omit<z.output<typeof clientUpdateBodySchema>, 'sin' | 'centre_id' | 'consent'> & {
  centre_id: number;
  consent: boolean;
};

/** 400 when a client is to be merged with itself. */
function requireTwo(keptId: number, otherId: number): void {
  if (keptId === otherId) {
    throw new HttpError(400, 'client_merge_self', { other_id: { code: 'client_merge_self' } });
  }
}

/**
 * Both clients resolved through the access layer: another centre's answers as a missing one, and
 * one merged into a client the caller reaches answers 404 `client_merged` naming it.
 */
async function requireBoth(db: Executor, actor: Actor, keptId: number, otherId: number) {
  const kept = await requireRecord(db, actor, 'client', keptId);
  const other = await requireRecord(db, actor, 'client', otherId);
  return { kept, other };
}

/** GET /clients/{id}/merge?other_id=: what the merge would move, and whether it would be refused. */
export async function previewMerge(
  db: Executor,
  actor: Actor,
  keptId: number,
  otherId: number,
): Promise<ClientMergePreview> {
  requireTwo(keptId, otherId);
  const { kept } = await requireBoth(db, actor, keptId, otherId);
  return {
    moves: await repo.countMoves(db, otherId, keptId, kept.centreId),
    both_plans_open: (await repo.countOpenPlans(db, [keptId, otherId])) === 2,
  };
}

/**
 * The kept client's answers after the merge (API names): each chosen field from the other
 * client's stored row, the rest as stored, then the spec §5 save rules. The SIN is not among
 * them: its stored columns are taken as they are (sinColumnsOf), never decrypted.
 */
function mergedAnswers(kept: repo.StoredClientRow, other: repo.StoredClientRow, keep: Keep) {
  const answers: Record<string, unknown> = {};
  for (const field of CLIENT_MERGE_FIELDS) {
    if (field === 'sin') continue;
    answers[field] = (keep[field] === 'other' ? other : kept)[field];
  }
  return applyClientSaveRules(answers as MergedAnswers);
}

function sinColumnsOf(row: repo.StoredClientRow) {
  return {
    sinEncrypted: row.sin_encrypted as string | null,
    sinHash: row.sin_hash as string | null,
    sinLast3: row.sin_last3 as string | null,
  };
}

/**
 * POST /clients/{id}/merge: the other client goes into this one, in one transaction. Both rows are
 * locked in id order first (so two merges of one pair queue, and the second finds the other
 * client gone: 404 client_merged); then the access checks, the open plans' rule, the chosen
 * values, the records moved, the other client removed and its redirect left. One audit entry
 * names both, with the fields taken from the other (names only) and what moved.
 */
export async function mergeClients(
  deps: Deps,
  actor: Actor,
  keptId: number,
  input: { other_id: number; keep: Keep },
): Promise<Client> {
  const otherId = input.other_id;
  // The entry names the kept client whatever the answer (the route's path has no id of its own to
  // lock before the work: the pair is locked in id order below).
  auditNote(actor, { recordId: keptId, clientId: keptId });
  requireTwo(keptId, otherId);
  const scope = scopeOf(actor);
  return auditedTransaction(deps.db, actor, async (tx) => {
    const rows = new Map<number, repo.StoredClientRow>();
    for (const id of [keptId, otherId].sort((a, b) => a - b)) {
      const row = await repo.lockStoredClient(tx, id);
      if (row) rows.set(id, row);
    }
    // A client merged meanwhile (the pair's other merge, which held the locks) answers where it went.
    await requireBoth(tx, actor, keptId, otherId);
    if ((await repo.countOpenPlans(tx, [keptId, otherId])) === 2) throw conflict('client_merge_open_plans');
    const kept = rows.get(keptId)!;
    const other = rows.get(otherId)!;
    const answers = mergedAnswers(kept, other, input.keep);
    const centreId = answers.centre_id;
    await updateClient(tx, keptId, {
      ...clientRowValues(answers, deps.clientCrypto),
      ...(input.keep.sin === 'other' ? sinColumnsOf(other) : {}),
    });
    const moved = await repo.moveRecords(tx, otherId, keptId, centreId);
    await repo.replaceByKept(tx, otherId, keptId, actor.userId);
    const fields = CLIENT_MERGE_FIELDS.filter((f) => input.keep[f] === 'other');
    auditNote(actor, {
      clientIds: [keptId, otherId],
      details: { other_id: otherId, fields_from_other: fields, moved },
    });
    return (await findClientProfile(tx, scope, keptId))!;
  });
}
