import type { AuditEntry, AuditFilter } from '@cairn/shared/audit.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { executeNamed, selectRows, type Executor } from '../../db/database.ts';
import { endingStatement, type EndingCall } from '../../db/ending-transaction.ts';
import { BATCH_COLUMNS, type ChainEnd, type EncodedBatch } from './audit-batch.service.ts';
import type { ChainedEntry, DroppedRun } from './audit-chain.service.ts';
import type { PendingEntry } from './audit-writer.service.ts';

/** The advisory lock that serialises the chain across every server process ('audi'). */
const CHAIN_LOCK = 1635083369;

/** Locks the chain for the transaction: writers and retention drops take turns. */
export async function lockChain(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
}

export async function lastEntry(tx: Executor): Promise<ChainEnd | null> {
  const [row] = await selectRows<{ seq: string; hash: string; key_id: string | null }>(
    tx,
    // Ordered by the column (`a.seq`), not by the text it is selected as.
    sql`SELECT a.seq::text AS seq, a.hash, a.key_id FROM audit_entries a ORDER BY a.seq DESC LIMIT 1`,
  );
  return row ? { seq: Number(row.seq), hash: row.hash, keyId: row.key_id } : null;
}

/** The inbox insert's values: an entry's columns, its details as JSON. */
type InboxValues = Omit<PendingEntry, 'details'> & { details: string };

const inboxValues = (e: PendingEntry): InboxValues => ({ ...e, details: JSON.stringify(e.details) });

/**
 * A change's entry into the inbox (migration 0024), which the writer moves into the chain
 * (takeInbox). A record without a name of its own (a note) is named by its client's name, which
 * the call's access check read with the record (auditedTransaction): the insert reads nothing
 * (measured: a subquery reading the client's name cost a note's create about 3 % of its
 * throughput, docs/performance.md).
 */
const inboxStatement = (v: InboxValues) => sql`INSERT INTO audit_inbox
    (at, user_id, role_id, action, record_kind, record_id, client_id, address, user_agent, outcome, details)
    VALUES (${v.at}::timestamptz, ${v.userId}, ${v.roleId}, ${v.action}, ${v.recordKind}, ${v.recordId},
            ${v.clientId}, ${v.address}, ${v.userAgent}, ${v.outcome}, ${v.details}::jsonb)`;
const inboxEnding = endingStatement(inboxStatement);

/** The inbox insert a change's transaction ends with (auditedTransaction), sent with its COMMIT. */
export const inboxInsert = (e: PendingEntry): EndingCall => inboxEnding(inboxValues(e));

/** A change's entry inserted into the inbox by `tx`, as a statement of its own (inboxStatement). */
export async function insertInbox(tx: Executor, e: PendingEntry): Promise<void> {
  // Planned once per connection, not on every change: the statement's text never changes.
  await executeNamed(tx, inboxStatement(inboxValues(e)));
}

/**
 * One entry per client into the inbox, in one statement: `e` with each client as its record and
 * client, named as it is now (a bulk write's clients, each seen in its own history).
 */
export async function insertInboxPerClient(
  tx: Executor,
  e: PendingEntry,
  clientIds: readonly number[],
): Promise<void> {
  if (clientIds.length === 0) return;
  await tx.execute(
    sql`INSERT INTO audit_inbox
    (at, user_id, role_id, action, record_kind, record_id, client_id, address, user_agent, outcome, details)
    SELECT ${e.at}::timestamptz, ${e.userId}, ${e.roleId}, ${e.action}, ${e.recordKind}, c.client_id,
           c.client_id, ${e.address}, ${e.userAgent}, ${e.outcome},
           ${JSON.stringify(e.details)}::jsonb || jsonb_build_object('record_name', c.first_name || ' ' || c.last_name)
      FROM clients c WHERE c.client_id = ANY(${`{${clientIds.join(',')}}`}::int[])
     ORDER BY c.client_id`,
  );
}

/**
 * One `update` entry per client into the inbox, in one statement: the call's entry `e` as each
 * client's (its id, its name as it now is), naming the one field changed from one user to another
 * by the users' names (a worker). The clients' per-client history shows each (audit-clients.service.ts).
 */
export async function insertInboxUserChanges(
  tx: Executor,
  e: PendingEntry,
  field: string,
  rows: ReadonlyArray<{ clientId: number; before: number | null; after: number | null }>,
): Promise<void> {
  const array = (values: ReadonlyArray<number | null>) =>
    sql`${`{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`}::int[]`;
  const userName = (id: SQL) =>
    sql`(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.user_id = ${id})`;
  await tx.execute(sql`INSERT INTO audit_inbox
    (at, user_id, role_id, action, record_kind, record_id, client_id, address, user_agent, outcome, details)
    SELECT ${e.at}::timestamptz, ${e.userId}::int, ${e.roleId}::int, 'update', 'client', r.id, r.id,
           ${e.address}, ${e.userAgent}, 'allowed',
           ${JSON.stringify(e.details)}::jsonb || jsonb_build_object(
             'record_name', (SELECT c.first_name || ' ' || c.last_name FROM clients c WHERE c.client_id = r.id),
             'changes', jsonb_build_array(jsonb_build_object(
               'field', ${field}::text, 'before', ${userName(sql`r.before`)}, 'after', ${userName(sql`r.after`)})))
      FROM unnest(${array(rows.map((r) => r.clientId))}, ${array(rows.map((r) => r.before))},
                  ${array(rows.map((r) => r.after))}) AS r(id, before, after)`);
}

/** Whether entries wait in the inbox (read without a lock: the writer's cheap look every turn). */
export async function inboxWaiting(db: Executor): Promise<boolean> {
  const [row] = await selectRows<{ waiting: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM audit_inbox) AS waiting`,
  );
  return row?.waiting === true;
}

/** An entry's content columns as selected: `at` as its milliseconds, ids beyond 2^31 as text. */
interface ContentRow {
  at_ms: string;
  user_id: number | null;
  role_id: number | null;
  action: string;
  record_kind: string | null;
  record_id: string | null;
  client_id: number | null;
  address: string | null;
  user_agent: string | null;
  outcome: string;
  details: Record<string, unknown> | string;
}

/** The content of a stored entry (inbox or chain), as queued and as hashed. */
function contentOf(r: ContentRow): PendingEntry {
  return {
    at: new Date(Number(r.at_ms)).toISOString(),
    userId: r.user_id,
    roleId: r.role_id,
    action: r.action,
    recordKind: r.record_kind,
    recordId: r.record_id === null ? null : Number(r.record_id),
    clientId: r.client_id,
    address: r.address,
    userAgent: r.user_agent,
    outcome: r.outcome,
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
  };
}

/**
 * Takes the oldest `limit` committed entries out of the inbox, oldest first: deleted in the
 * transaction that chains them, so an entry leaves the inbox only as it enters the chain.
 */
export async function takeInbox(tx: Executor, limit: number): Promise<PendingEntry[]> {
  const rows = await selectRows<ContentRow & { id: string }>(
    tx,
    sql`DELETE FROM audit_inbox WHERE id IN (SELECT id FROM audit_inbox ORDER BY id LIMIT ${limit})
        RETURNING id::text AS id, (extract(epoch FROM at) * 1000)::bigint::text AS at_ms, user_id, role_id,
                  action, record_kind, record_id::text AS record_id, client_id, address, user_agent, outcome, details`,
  );
  return rows.sort((a, b) => Number(a.id) - Number(b.id)).map(contentOf);
}

/** Creates the partitions of these months (first days, YYYY-MM-01) when missing. */
export async function ensurePartitions(tx: Executor, months: readonly string[]): Promise<void> {
  for (const month of months) await tx.execute(sql`SELECT audit_partition_for(${month}::date)`);
}

/**
 * Inserts a batch as fifteen text[] parameters, one per column (each an array literal that
 * encodeBatch wrote, audit-batch.service.ts), spread into rows by `unnest`: one statement of
 * fixed text whatever the batch's size. Measured per entry: a VALUES list of 14 parameters a row
 * cost about 30 µs of the server's CPU to build and send, and more to parse; the batch as one
 * JSON parameter through `json_to_recordset` about 2 µs, but PostgreSQL spent half of the insert
 * parsing the JSON (3,000 entries: 70–79 ms, 37 of them parsing); the arrays insert them in
 * 37–45 ms.
 */
export async function insertEntries(tx: Executor, batch: EncodedBatch): Promise<void> {
  if (batch.count === 0) return;
  const c = (column: (typeof BATCH_COLUMNS)[number]) =>
    sql`${batch.columns[BATCH_COLUMNS.indexOf(column)]!}::text[]`;
  await tx.execute(sql`INSERT INTO audit_entries
    (seq, at, user_id, role_id, action, record_kind, record_id, client_id, address, user_agent, outcome,
     details, prev_hash, hash, key_id)
    SELECT seq::bigint, at::timestamptz, user_id::integer, role_id::integer, action, record_kind,
           record_id::bigint, client_id::integer, address, user_agent, outcome, details::jsonb, prev_hash, hash,
           key_id
      FROM unnest(${c('seq')}, ${c('at')}, ${c('user_id')}, ${c('role_id')}, ${c('action')}, ${c('record_kind')},
                  ${c('record_id')}, ${c('client_id')}, ${c('address')}, ${c('user_agent')}, ${c('outcome')},
                  ${c('details')}, ${c('prev_hash')}, ${c('hash')}, ${c('key_id')})
           AS r(seq, at, user_id, role_id, action, record_kind, record_id, client_id, address, user_agent, outcome,
                details, prev_hash, hash, key_id)`);
}

/** The stored columns of an entry, as hashed: `at` rebuilt from its milliseconds. */
const CHAIN_COLUMNS = sql`a.seq::text AS seq, (extract(epoch FROM a.at) * 1000)::bigint::text AS at_ms,
  a.user_id, a.role_id, a.action, a.record_kind, a.record_id::text AS record_id, a.client_id, a.address,
  a.user_agent, a.outcome, a.details, a.prev_hash, a.hash, a.key_id`;

interface ChainRow extends ContentRow {
  seq: string;
  prev_hash: string;
  hash: string;
  key_id: string | null;
}

function toChained(r: ChainRow): ChainedEntry {
  return { seq: Number(r.seq), ...contentOf(r), prevHash: r.prev_hash, hash: r.hash, keyId: r.key_id };
}

/** Entries after `afterSeq` in chain order, `limit` at a time (the verifier's pages). */
export async function chainPage(db: Executor, afterSeq: number, limit: number): Promise<ChainedEntry[]> {
  const rows = await selectRows<ChainRow>(
    db,
    sql`SELECT ${CHAIN_COLUMNS} FROM audit_entries a WHERE a.seq > ${afterSeq} ORDER BY a.seq LIMIT ${limit}`,
  );
  return rows.map(toChained);
}

/**
 * The runs of entries retention drops removed, as their entries recorded them (`dropped_runs`;
 * the drops recorded before runs were give only their last entry, `anchor_seq` and `anchor_hash`).
 */
export async function droppedRuns(db: Executor): Promise<DroppedRun[]> {
  const rows = await selectRows<{ runs: unknown; anchor_seq: string | null; anchor_hash: string | null }>(
    db,
    sql`SELECT details->'dropped_runs' AS runs, details->>'anchor_seq' AS anchor_seq,
               details->>'anchor_hash' AS anchor_hash
          FROM audit_entries WHERE action = 'retention_drop'`,
  );
  return rows.flatMap((r): DroppedRun[] => {
    const runs = typeof r.runs === 'string' ? (JSON.parse(r.runs) as unknown) : r.runs;
    if (Array.isArray(runs))
      return (runs as Array<[number, number, string]>).map(([from, to, hash]) => ({ from, to, hash }));
    return r.anchor_seq && r.anchor_hash
      ? [{ from: null, to: Number(r.anchor_seq), hash: r.anchor_hash }]
      : [];
  });
}

/** The monthly partitions, oldest first, by name (audit_entries_YYYY_MM). */
export async function partitions(db: Executor): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = 'audit_entries'::regclass ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * Drops a month's partition past the retention (audit_drop_partition, migration 0022: as the
 * table's owner, under the chain's lock, refused for a month the retention keeps) and answers
 * the runs of consecutive seqs it held, oldest first, each with its last entry's hash (see
 * DroppedRun): one run, unless entries of the next month were written among its last.
 */
export async function dropPartition(
  tx: Executor,
  name: string,
): Promise<Array<DroppedRun & { from: number }>> {
  const rows = await selectRows<{ from: string; to: string; hash: string }>(
    tx,
    sql`SELECT d."from"::text AS "from", d."to"::text AS "to", d.hash FROM audit_drop_partition(${name}) d`,
  );
  return rows.map((r) => ({ from: Number(r.from), to: Number(r.to), hash: r.hash }));
}

/** The partition holding the newest entry (the chain goes on from it: never dropped), if any. */
export async function headPartition(db: Executor): Promise<string | null> {
  const [row] = await selectRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c
         WHERE c.oid = (SELECT a.tableoid FROM audit_entries a ORDER BY a.seq DESC LIMIT 1)`,
  );
  return row?.name ?? null;
}

/** The last entry written before the chain was keyed (audit_policy, which only the owner changes). */
export async function unkeyedUntil(db: Executor): Promise<number> {
  const [row] = await selectRows<{ seq: string }>(
    db,
    sql`SELECT unkeyed_until::text AS seq FROM audit_policy`,
  );
  return Number(row?.seq ?? 0);
}

function filterWhere(f: AuditFilter): SQL {
  const parts: SQL[] = [sql`true`];
  // A client's history also holds the entries of every client merged into it (client_merges:
  // the trail itself is never rewritten).
  if (f.client_id !== undefined)
    parts.push(
      sql`a.client_id = ANY (array_prepend(${f.client_id}::int,
            ARRAY(SELECT m.other_id FROM client_merges m WHERE m.kept_id = ${f.client_id})))`,
    );
  if (f.user_id !== undefined) parts.push(sql`a.user_id = ${f.user_id}`);
  if (f.action) parts.push(sql`a.action = ${f.action}`);
  if (f.record_kind) parts.push(sql`a.record_kind = ${f.record_kind}`);
  if (f.from) parts.push(sql`a.at >= (${f.from}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (f.to) parts.push(sql`a.at < (${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  // The trail's own reads and exports, unless asked for (or their kind is the filter).
  if (!f.include_trail_reads && f.record_kind !== 'audit')
    parts.push(sql`a.record_kind IS DISTINCT FROM 'audit'`);
  return sql.join(parts, sql` AND `);
}

/**
 * The name of an entry's record as it now is, for the entries that did not keep one (reads,
 * refusals, creates of a client's records: names are not captured there, to keep them cheap):
 * the client's for a client's records, the user's, the centre's, the group's, the catalogue
 * item's (by its list). Null once the record is gone for good (a deleted client). Every reader of
 * the trail is an Admin (audit.read), who may see every centre: no scope applies.
 */
const CURRENT_NAME = sql`CASE
  WHEN a.record_kind = 'user'
    THEN (SELECT ru.first_name || ' ' || ru.last_name FROM users ru WHERE ru.user_id = a.record_id)
  WHEN a.record_kind = 'centre' THEN (SELECT ce.name FROM centres ce WHERE ce.centre_id = a.record_id)
  WHEN a.record_kind = 'group' THEN (SELECT g.name FROM groups g WHERE g.group_id = a.record_id)
  WHEN a.record_kind = 'catalogue' THEN CASE a.details->>'list'
    WHEN 'barriers' THEN (SELECT b.name FROM barriers b WHERE b.barrier_id = a.record_id)
    WHEN 'supports' THEN (SELECT s.name FROM supports s WHERE s.support_id = a.record_id)
    WHEN 'trainings' THEN (SELECT tr.name FROM trainings tr WHERE tr.training_id = a.record_id)
  END
  WHEN a.client_id IS NOT NULL
    THEN (SELECT c.first_name || ' ' || c.last_name FROM clients c WHERE c.client_id = a.client_id)
END`;

/**
 * An entry as the API answers it: what a change captured in its details (`record_name`,
 * `changes`, `reason`: audit-changes.service.ts, audit-entry.service.ts) as fields of their own,
 * the rest of the details as they are.
 */
const ENTRY_COLUMNS = sql`a.seq::int AS seq, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
  a.user_id, CASE WHEN u.user_id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS user_name,
  a.role_id, a.action, a.record_kind, a.record_id::int AS record_id, a.client_id, a.address, a.user_agent,
  a.outcome, COALESCE(a.details->>'record_name', ${CURRENT_NAME}) AS record_name,
  a.details->'changes' AS changes, a.details->>'reason' AS reason,
  a.details - 'record_name' - 'changes' - 'reason' AS details`;

/** One page of entries, newest first, and how many match. */
export async function listEntries(
  db: Executor,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ items: AuditEntry[]; total: number }> {
  const where = filterWhere(f);
  const [items, [count]] = await Promise.all([
    selectRows<AuditEntry>(
      db,
      sql`SELECT ${ENTRY_COLUMNS} FROM audit_entries a LEFT JOIN users u ON u.user_id = a.user_id
           WHERE ${where} ORDER BY a.seq DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
    selectRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM audit_entries a WHERE ${where}`),
  ]);
  return { items: items.map(parsedDetails), total: count?.total ?? 0 };
}

export async function countEntries(db: Executor, f: AuditFilter): Promise<number> {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM audit_entries a WHERE ${filterWhere(f)}`,
  );
  return row?.total ?? 0;
}

/** Matching entries before `beforeSeq`, newest first (the export's pages). */
export async function entriesBefore(
  db: Executor,
  f: AuditFilter,
  beforeSeq: number | null,
  limit: number,
): Promise<AuditEntry[]> {
  const rows = await selectRows<AuditEntry>(
    db,
    sql`SELECT ${ENTRY_COLUMNS} FROM audit_entries a LEFT JOIN users u ON u.user_id = a.user_id
         WHERE ${filterWhere(f)} ${beforeSeq === null ? sql`` : sql`AND a.seq < ${beforeSeq}`}
         ORDER BY a.seq DESC LIMIT ${limit}`,
  );
  return rows.map(parsedDetails);
}

/** The JSON columns as objects (drivers answer jsonb as text or parsed). */
function parsedDetails(e: AuditEntry): AuditEntry {
  const details: unknown = e.details;
  const changes: unknown = e.changes;
  return typeof details === 'string' || typeof changes === 'string'
    ? {
        ...e,
        details: typeof details === 'string' ? (JSON.parse(details) as AuditEntry['details']) : e.details,
        changes: typeof changes === 'string' ? (JSON.parse(changes) as AuditEntry['changes']) : e.changes,
      }
    : e;
}
