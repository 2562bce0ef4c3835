import type { Db, Executor } from '../../db/database.ts';
import { mergedClient, notFound } from '../../lib/http-error.ts';
import { noteRecords } from '../audit/audit.policy.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireWithin, scopeOf } from './access.policy.ts';
import {
  findMergedInto,
  resolveCentreRecords,
  resolveRecords,
  type CentrePlace,
  type CentreRecordKind,
  type ClientRecordKind,
  type RecordPlace,
} from './access.repository.ts';

/**
 * The record `id` of `kind` with its client and centre; 404 when there is none or it lies outside
 * the caller's centres (another centre's record answers exactly like a missing one). Pass the
 * write's transaction as `db` when a write follows.
 */
export async function requireRecord(
  db: Executor,
  actor: Actor,
  kind: ClientRecordKind,
  id: number,
): Promise<RecordPlace> {
  const place = (await resolveRecords(db, kind, [id])).get(id);
  if (!place && kind === 'client') await requireNotMerged(db, actor, id);
  requireWithin(scopeOf(actor), place?.centreId);
  noteRecords(actor, kind, [place!]);
  return place!;
}

/**
 * 404 `client_merged` naming the client `clientId` went into, when it was merged into one the
 * caller reaches (client_merges): every route reading a client by its id answers where it went.
 */
export async function requireNotMerged(db: Executor, actor: Actor, clientId: number): Promise<void> {
  const keptId = await findMergedInto(db, scopeOf(actor), clientId);
  if (keptId !== undefined) throw mergedClient(keptId);
}

/** The same for many ids at once (one query): 404 unless every one exists and is within reach. */
export async function requireRecords(
  db: Executor,
  actor: Actor,
  kind: ClientRecordKind,
  ids: readonly number[],
): Promise<RecordPlace[]> {
  const unique = [...new Set(ids)];
  const places = await resolveRecords(db, kind, unique);
  const scope = scopeOf(actor);
  const found = unique.map((id) => {
    const place = places.get(id);
    if (!place) throw notFound();
    requireWithin(scope, place.centreId);
    return place;
  });
  noteRecords(actor, kind, found);
  return found;
}

/**
 * Runs a write on the record `id` of `kind` (or on what hangs off it) in one transaction that
 * begins with the access check, so the record cannot move to another client or vanish between
 * the check and the write; the call's audit entry is written in it too (auditedTransaction).
 */
export async function writeWithin<T>(
  db: Db,
  actor: Actor,
  kind: ClientRecordKind,
  id: number,
  write: (tx: Executor, place: RecordPlace) => Promise<T>,
): Promise<T> {
  return auditedTransaction(db, actor, async (tx) => write(tx, await requireRecord(tx, actor, kind, id)));
}

/** A centre-owned record that lies within the caller's centres, 404 otherwise (as requireRecord). */
export async function requireCentreRecord(
  db: Executor,
  actor: Actor,
  kind: CentreRecordKind,
  id: number,
  lock = false,
): Promise<CentrePlace & { centreId: number }> {
  const place = (await resolveCentreRecords(db, kind, [id], lock)).get(id);
  requireWithin(scopeOf(actor), place?.centreId ?? undefined);
  noteRecords(actor, kind, [{ id }]);
  return { id, centreId: place!.centreId! };
}

/**
 * Runs a write on the centre-owned record `id` of `kind` in one transaction that begins with the
 * access check and locks the record, so writes to it run one at a time and it cannot vanish or
 * move between the check and the write.
 */
export async function writeWithinCentre<T>(
  db: Db,
  actor: Actor,
  kind: CentreRecordKind,
  id: number,
  write: (tx: Executor, place: CentrePlace & { centreId: number }) => Promise<T>,
): Promise<T> {
  return auditedTransaction(db, actor, async (tx) =>
    write(tx, await requireCentreRecord(tx, actor, kind, id, true)),
  );
}
