import type { AuditEntry, AuditFilter } from '@cairn/shared/audit.schemas';
import type { Words } from '@cairn/shared/wording';
import { isRoleId } from '@cairn/shared/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import { auditNote, type AuditCarrier } from './audit.policy.ts';
import {
  chainVerifier,
  type ChainBreak,
  type ChainKey,
  type DroppedRun,
  type KeyStart,
} from './audit-chain.service.ts';
import { readCheckpoints, type Checkpoint } from './audit-checkpoint.service.ts';
import * as repo from './audit.repository.ts';

/** The filters an entry about reading the trail records (never a free text: there is none). */
function filtersOf(f: AuditFilter): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== false),
  );
}

/** GET /audit: one page, newest first. Reading the trail is itself an entry, with its filters. */
export async function listEntries(
  db: Db,
  query: AuditFilter & { page: number; per_page: number },
  audit: AuditCarrier,
) {
  const { page, per_page, ...filter } = query;
  auditNote(audit, { details: { filters: filtersOf(filter), page } });
  return repo.listEntries(db, filter, per_page, (page - 1) * per_page);
}

/**
 * The export's columns, the API's field names; their headers, like the actions, record kinds,
 * outcomes and roles in the cells, are the file's words (`audit.*` of spreadsheets.json: English's
 * are the API's names and codes, as the file always wrote them). Anything else is as recorded.
 */
const COLUMNS = [
  'seq',
  'at',
  'user_id',
  'user_name',
  'role',
  'action',
  'record_kind',
  'record_id',
  'client_id',
  'outcome',
  'record_name',
  'changes',
  'reason',
  'address',
  'user_agent',
  'details',
] as const;

type Row = Array<string | number | null>;

/**
 * An entry as a row of the file in `words`' language. A code the catalogue does not word (none
 * today: the lists are the schema's) is written as recorded.
 */
function rowWriter(words: Words['spreadsheet']): (e: AuditEntry) => Row {
  const worded = new Map<string, string>();
  const word = (group: string, code: string): string => {
    const key = `audit.${group}.${code}`;
    let w = worded.get(key);
    if (w === undefined) {
      try {
        w = words(key);
      } catch {
        w = code;
      }
      worded.set(key, w);
    }
    return w;
  };
  return (e) => [
    e.seq,
    e.at,
    e.user_id,
    e.user_name,
    e.role_id !== null && isRoleId(e.role_id) ? word('roles', String(e.role_id)) : null,
    word('actions', e.action),
    e.record_kind === null ? null : word('kinds', e.record_kind),
    e.record_id,
    e.client_id,
    word('outcomes', e.outcome),
    e.record_name,
    e.changes === null ? null : JSON.stringify(e.changes),
    e.reason,
    e.address,
    e.user_agent,
    JSON.stringify(e.details),
  ];
}

const PAGE = 1000;

/** The export's file name carries the filter's days: audit-2026-01-01-to-2026-03-31.xlsx. */
export function exportFileName(
  { from, to }: Pick<AuditFilter, 'from' | 'to'>,
  words: Words['spreadsheet'],
): string {
  if (from && to) return words('audit.fileNameRange', { from, to });
  if (from) return words('audit.fileNameFrom', { from });
  if (to) return words('audit.fileNameTo', { to });
  return words('audit.fileName');
}

/**
 * GET /audit/export: every entry the filters match, newest first, streamed as an .xlsx (every
 * text cell a string, never a formula) in `words`' language (`?lang=`, else the caller's). The
 * export is an entry too: its filters and row count.
 */
export async function exportEntries(
  db: Db,
  filter: AuditFilter,
  request: FastifyRequest,
  reply: FastifyReply,
  words: Words['spreadsheet'],
) {
  // Counted first, so the entry has it even if the download is cut short.
  auditNote(request, { details: { filters: filtersOf(filter), rows: await repo.countEntries(db, filter) } });
  const rowOf = rowWriter(words);
  return sendXlsx(request, reply, exportFileName(filter, words), async (xlsx) => {
    const sheet = xlsx.sheet(
      words('audit.sheet'),
      COLUMNS.map((c) => words(`audit.columns.${c}`)),
    );
    let before: number | null = null;
    for (;;) {
      const rows = await repo.entriesBefore(db, filter, before, PAGE);
      for (const e of rows) sheet.row(rowOf(e));
      await sheet.drained();
      if (rows.length < PAGE) break;
      before = rows[rows.length - 1]!.seq;
    }
    await xlsx.finish();
  });
}

/** The first problem `audit:verify` found. */
export type TrailProblem =
  /** The chain itself: an entry edited, removed, inserted, or hashed without the key. */
  | { kind: 'chain'; broken: ChainBreak }
  /** A line of the checkpoint file that is not a checkpoint signed with the chain's key. */
  | { kind: 'checkpoint_unsigned'; line: number }
  /** A line of the checkpoint file signed, by its word, with a key the check does not hold. */
  | { kind: 'checkpoint_unknown_key'; line: number; keyId: string }
  /** A checkpointed entry is stored with another hash: the chain was computed again. */
  | { kind: 'checkpoint_hash'; checkpoint: Checkpoint }
  /** A checkpointed entry is gone, and no retention drop accounts for it; `end` is the last entry left. */
  | { kind: 'checkpoint_gone'; checkpoint: Checkpoint; end: number | null }
  /** No checkpoint file, though keyed entries (written by a server that checkpoints) exist. */
  | { kind: 'checkpoint_file_missing' };

export interface TrailVerification {
  checked: number;
  /** The keys that keyed the chain, each from its first entry (as far as the check went). */
  keyStarts: readonly KeyStart[];
  checkpoints: number;
  /** Whether the checkpoint file exists (missing is fatal only when keyed entries exist). */
  checkpointFile: boolean;
  problem: TrailProblem | null;
}

/** The run that dropped `seq`, if one did. */
const runOf = (runs: readonly DroppedRun[], seq: number) =>
  runs.find((r) => (r.from === null ? r.to === seq : r.from <= seq && seq <= r.to));

/**
 * `npm run audit:verify`: the whole chain, page by page, each entry checked with the key it names
 * (of `keys`: the current and previous chain keys, audit-key.service.ts verifierChainKeys), then
 * against the checkpoints of `checkpointFile`: each checkpointed entry must be stored with the
 * checkpoint's hash, or have been dropped by retention (a run that ends at it ends with that
 * hash). The first problem, or null.
 */
export async function verifyTrail(
  db: Db,
  { keys, checkpointFile }: { keys: readonly ChainKey[]; checkpointFile: string },
): Promise<TrailVerification> {
  const file = await readCheckpoints(checkpointFile, keys);
  const runs = await repo.droppedRuns(db);
  const verifier = chainVerifier(runs, { keys, unkeyedUntil: await repo.unkeyedUntil(db) });
  const result = (problem: TrailProblem | null): TrailVerification => ({
    checked: verifier.checked,
    keyStarts: [...verifier.keyStarts],
    checkpoints: file.checkpoints.length,
    checkpointFile: file.exists,
    problem,
  });
  if (file.unsigned.length > 0) return result({ kind: 'checkpoint_unsigned', line: file.unsigned[0]! });
  const unknown = file.unknownKeys[0];
  if (unknown) return result({ kind: 'checkpoint_unknown_key', ...unknown });

  const pending = new Map<number, Checkpoint[]>();
  for (const c of file.checkpoints) pending.set(c.seq, [...(pending.get(c.seq) ?? []), c]);
  let after = 0;
  for (;;) {
    const rows = await repo.chainPage(db, after, 5000);
    const broken = verifier.check(rows);
    if (broken) return result({ kind: 'chain', broken });
    for (const row of rows) {
      const mismatch = pending.get(row.seq)?.find((c) => c.hash !== row.hash);
      if (mismatch) return result({ kind: 'checkpoint_hash', checkpoint: mismatch });
      pending.delete(row.seq);
    }
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.seq;
  }
  // The checkpoints of entries no longer stored: dropped by retention, or removed.
  const end = verifier.last?.seq ?? null;
  for (const c of [...pending.values()].flat().sort((a, b) => a.seq - b.seq)) {
    const run = runOf(runs, c.seq);
    if (!run) return result({ kind: 'checkpoint_gone', checkpoint: c, end });
    if (run.to === c.seq && run.hash !== c.hash) return result({ kind: 'checkpoint_hash', checkpoint: c });
  }
  if (!file.exists && verifier.keyed) return result({ kind: 'checkpoint_file_missing' });
  return result(null);
}
