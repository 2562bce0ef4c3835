import type { AuditAction } from '@cairn/shared/audit.schemas';
import type { ChainedEntry, ChainKey } from './audit-chain.service.ts';
import type { PendingEntry } from './audit-writer.service.ts';

/**
 * Rotating AUDIT_CHAIN_KEY by a checkpoint (docs/operations.md, "Rotating the audit chain key").
 * A writer keys new entries with the current key. When the chain's last entry was keyed with one
 * of its previous keys, the first entry it writes is a rotation record (`key_rotation`, naming the
 * old key id and the new), keyed with the new key, and a checkpoint is taken at it. When the last
 * entry names a key the writer does not hold at all, the chain was rotated past this writer's key
 * (a process not restarted yet): it writes nothing, and leaves its entries in the inbox for a
 * writer holding the newer key. The verifier accepts a change of key only through a rotation record
 * from the key before, and refuses any entry keyed with a key rotated out.
 */

/** The action of a rotation record. */
export const ROTATION_ACTION: AuditAction = 'key_rotation';

/** What a writer holds: the key it keys entries with, and the ids of the keys it rotates from. */
export interface WriterKeys {
  current: ChainKey;
  previousIds: readonly string[];
}

/** What the writer does after the chain's last entry, keyed with `lastKeyId` (null: unkeyed or none). */
export type KeyStep =
  { kind: 'same' } | { kind: 'rotate'; from: string } | { kind: 'rotated_past'; keyId: string };

export function keyStep(lastKeyId: string | null | undefined, keys: WriterKeys): KeyStep {
  if (lastKeyId === null || lastKeyId === undefined || lastKeyId === keys.current.id) return { kind: 'same' };
  if (keys.previousIds.includes(lastKeyId)) return { kind: 'rotate', from: lastKeyId };
  return { kind: 'rotated_past', keyId: lastKeyId };
}

/** The rotation record from key `from` to key `to`, at `at`. */
export function rotationEntry(from: string, to: string, at: string): PendingEntry {
  return {
    at,
    userId: null,
    roleId: null,
    action: ROTATION_ACTION,
    recordKind: 'audit',
    recordId: null,
    clientId: null,
    address: null,
    userAgent: null,
    outcome: 'allowed',
    details: { from_key: from, to_key: to },
  };
}

/** Whether `row` is the rotation record from key `from` to the key it is itself keyed with. */
export function isRotationFrom(row: ChainedEntry, from: string): boolean {
  return (
    row.action === ROTATION_ACTION &&
    row.details.from_key === from &&
    row.details.to_key === row.keyId &&
    row.keyId !== null
  );
}
