import type { AuditEntry, AuditFilter } from '@cairn/shared/audit.schemas';
import { ROLE_TITLES, isRoleId } from '@cairn/shared/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import { auditNote, type AuditCarrier } from './audit.policy.ts';
import { chainVerifier, type ChainBreak } from './audit-chain.service.ts';
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

/** The export's columns: the API's field names, the same in every language. */
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

function rowOf(e: AuditEntry): Array<string | number | null> {
  return [
    e.seq,
    e.at,
    e.user_id,
    e.user_name,
    e.role_id !== null && isRoleId(e.role_id) ? ROLE_TITLES[e.role_id] : null,
    e.action,
    e.record_kind,
    e.record_id,
    e.client_id,
    e.outcome,
    e.record_name,
    e.changes === null ? null : JSON.stringify(e.changes),
    e.reason,
    e.address,
    e.user_agent,
    JSON.stringify(e.details),
  ];
}

const PAGE = 1000;

/**
 * GET /audit/export: every entry the filters match, newest first, streamed as an .xlsx (every
 * text cell a string, never a formula). The export is an entry too: its filters and row count.
 */
export async function exportEntries(
  db: Db,
  filter: AuditFilter,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // Counted first, so the entry has it even if the download is cut short.
  auditNote(request, { details: { filters: filtersOf(filter), rows: await repo.countEntries(db, filter) } });
  return sendXlsx(request, reply, 'audit-trail', async (xlsx) => {
    const sheet = xlsx.sheet('audit', COLUMNS);
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

/** `npm run audit:verify`: the whole chain, page by page; the first broken entry, or null. */
export async function verifyChain(db: Db): Promise<{ checked: number; broken: ChainBreak | null }> {
  const verifier = chainVerifier(await repo.droppedRuns(db));
  let after = 0;
  for (;;) {
    const rows = await repo.chainPage(db, after, 5000);
    const broken = verifier.check(rows);
    if (broken) return { checked: verifier.checked, broken };
    if (rows.length === 0) return { checked: verifier.checked, broken: null };
    after = rows[rows.length - 1]!.seq;
  }
}
