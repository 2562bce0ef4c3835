import type { AuditRecordKind } from '@cairn/shared/audit.schemas';
import type { Executor } from '../../db/database.ts';
import type { AuditContext } from './audit.policy.ts';
import {
  recordRow,
  recordRowAndClient,
  type RecordRow,
  type RecordTable,
} from './audit-changes.repository.ts';

/**
 * What a change's entry tells of its record (docs/ARCHITECTURE.md, "The audit trail", "Reading
 * it"): the record's name as it was (`details.record_name`) and, for an update, each field that
 * changed with its value before and after (`details.changes`), by the API's field names. Taken
 * from the record's row before `work` (updates and deletes, when the path names the record) and
 * after it (updates), one statement each; a create names its record from the answer.
 */

/** One changed field; a secret's values are never kept, only that it changed (`masked`). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  masked?: true;
}

/** The table of each kind whose record the path names (the catalogue's: by its list). */
const RECORD_TABLES: Partial<Record<AuditRecordKind, RecordTable>> = {
  client: { table: 'clients', key: 'client_id' },
  plan: { table: 'plans', key: 'plan_id' },
  note: { table: 'notes', key: 'note_id' },
  spending: { table: 'spendings', key: 'spending_id' },
  outcome: { table: 'outcomes', key: 'outcome_id' },
  follow_up: { table: 'follow_ups', key: 'follow_up_id' },
  story: { table: 'stories', key: 'story_id' },
  group: { table: 'groups', key: 'group_id' },
  attachment: { table: 'attachments', key: 'attachment_id' },
  user: { table: 'users', key: 'user_id' },
  centre: { table: 'centres', key: 'centre_id' },
};
const CATALOGUE_TABLES: Record<string, RecordTable> = {
  barriers: { table: 'barriers', key: 'barrier_id' },
  supports: { table: 'supports', key: 'support_id' },
  trainings: { table: 'trainings', key: 'training_id' },
};

/**
 * The kinds whose entries name a client (their record belongs to one): their name is the client's.
 * The interactions' record is the client itself (a client's interaction counts, kept as a whole).
 */
const CLIENT_OWNED: ReadonlySet<string> = new Set([
  'plan',
  'plan_link',
  'note',
  'spending',
  'outcome',
  'follow_up',
  'story',
  'interaction',
  'attachment',
]);

/**
 * Bookkeeping columns: timestamps and authors, search and sort helpers, derived flags, hashes, and
 * the SIN's other forms (its hash, its last three digits: the SIN itself is masked).
 */
const SKIPPED: ReadonlySet<string> = new Set([
  'created_at',
  'updated_at',
  'deleted_at',
  'created_by',
  'uploaded_by',
  'recorded_by',
  'recorded_at',
  'search_text',
  'name_key',
  'match_given',
  'match_first',
  'match_family',
  'match_phone',
  'recent_plan_status',
  'missing_info',
  'sin_hash',
  'sin_last3',
  'sha256',
  'password_hash',
  'token_version',
  'last_sign_in_at',
  'chunk_count',
  'complete',
  'is_other',
]);

/** Columns shown as changed without their values: the SIN (encrypted) and a centre's logo image. */
const MASKED: ReadonlyMap<string, string> = new Map([
  ['sin_encrypted', 'sin'],
  ['logo', 'logo'],
]);

/** Columns whose API name differs, per table. */
const API_NAMES: Record<string, Record<string, string>> = {
  users: { centre_id: 'centre', role_id: 'role' },
};

/** Whether an entry of this kind goes by its client's name (its record belongs to a client). */
export const namedByClient = (kind: string): boolean => CLIENT_OWNED.has(kind);

function tableOf(kind: string, list: unknown): RecordTable | null {
  if (kind === 'catalogue') return typeof list === 'string' ? (CATALOGUE_TABLES[list] ?? null) : null;
  return RECORD_TABLES[kind as AuditRecordKind] ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two rows of one table, by API name; secrets masked. */
export function changesOf(table: string, before: RecordRow, after: RecordRow): FieldChange[] {
  if (!before || !after) return [];
  const names = API_NAMES[table] ?? {};
  const changes: FieldChange[] = [];
  for (const column of Object.keys(after)) {
    if (SKIPPED.has(column) || same(before[column], after[column])) continue;
    const masked = MASKED.get(column);
    if (masked) changes.push({ field: masked, before: null, after: null, masked: true });
    else
      changes.push({
        field: names[column] ?? column,
        before: before[column] ?? null,
        after: after[column] ?? null,
      });
  }
  return changes;
}

const fieldOf = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The name a record of this kind goes by, from its row or a create's answer (API or column names). */
export function nameOf(kind: string, row: unknown): string | null {
  if (row === null || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  if (kind === 'client' || kind === 'user') {
    const first = text(r.first_name);
    const last = text(r.last_name);
    return first && last ? `${first} ${last}` : (first ?? last);
  }
  if (kind === 'group' || kind === 'centre' || kind === 'catalogue') return text(r.name);
  return null;
}

/** The record a change's path names, read before `work` runs (updates and deletes), or null. */
export interface ChangeSnapshot {
  table: RecordTable | null;
  id: number | null;
  before: RecordRow;
}

/** The row before the change, when the call is an update or a delete of a record the path names. */
export async function snapshotBefore(
  tx: Executor,
  context: AuditContext,
  action: string,
  recordId: number | null,
): Promise<ChangeSnapshot | null> {
  if (action !== 'update' && action !== 'delete') return null;
  const table = tableOf(context.spec.kind, context.spec.details?.list);
  if (!table || recordId === null || context.idSource !== 'param') return null;
  return { table, id: recordId, before: await recordRow(tx, table, recordId, action === 'delete') };
}

/**
 * What the change's entry adds to its details, once `work` has run: the record's name, and an
 * update's changes (the row read again, with the client's name for a client's record).
 */
export async function describeChange(
  tx: Executor,
  kind: string,
  action: string,
  snapshot: ChangeSnapshot | null,
  clientId: number | null,
  answer: unknown,
): Promise<{ record_name?: string; changes?: FieldChange[] }> {
  const owned = CLIENT_OWNED.has(kind);
  let name: string | null = null;
  let changes: FieldChange[] | undefined;
  if (action === 'update' && (snapshot || (owned && clientId !== null))) {
    const after = await recordRowAndClient(
      tx,
      snapshot?.table ?? null,
      snapshot?.id ?? null,
      owned ? clientId : null,
    );
    if (snapshot?.table) changes = changesOf(snapshot.table.table, snapshot.before, after.row);
    name = owned ? after.clientName : nameOf(kind, after.row ?? snapshot?.before);
  } else if (action === 'delete') name = nameOf(kind, snapshot?.before);
  else if (action === 'create') name = nameOf(kind, answer) ?? nameOf(kind, fieldOf(answer, kind));
  // No `changes` when no field of the row changed (a group's members, which live elsewhere).
  return { ...(name ? { record_name: name } : {}), ...(changes?.length ? { changes } : {}) };
}
