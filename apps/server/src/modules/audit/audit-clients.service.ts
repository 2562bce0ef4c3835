import type { Executor } from '../../db/database.ts';
import type { AuditCarrier } from './audit.policy.ts';
import { entryOf } from './audit-entry.service.ts';
import { insertInboxPerClient, insertInboxUserChanges } from './audit.repository.ts';

/**
 * Inside a call's audited transaction, an entry of `action` for each client a bulk write created
 * or updated (an import's commit), besides the call's own entry that names them all: so each
 * client's history (`GET /audit?client_id=`) shows the write. One statement, whatever the count.
 */
export async function recordPerClient(
  tx: Executor,
  carrier: AuditCarrier,
  action: 'create' | 'update',
  clientIds: readonly number[],
  details: Record<string, unknown>,
): Promise<void> {
  const context = carrier.auditContext;
  if (!context) return;
  const entry = entryOf(context.request, 200, context, new Date());
  await insertInboxPerClient(
    tx,
    { ...entry, action, recordKind: 'client', recordId: null, clientId: null, details },
    clientIds,
  );
}

/** A change of one client's field from one user to another (a worker): the users' ids. */
export interface ClientUserChange {
  clientId: number;
  before: number | null;
  after: number | null;
}

/**
 * Writes, in the change's transaction `tx`, one `update` entry per client changed by a call that
 * changes many at once (a reassignment; a worker deactivated or deleted), beside the call's own
 * entry: each client's history (the Access history panel, GET /audit?client_id=) then shows the
 * change, by its users' names. By the call's caller and address; nothing without an audited call.
 */
export async function auditEachClient(
  tx: Executor,
  carrier: AuditCarrier,
  field: string,
  changes: readonly ClientUserChange[],
): Promise<void> {
  const context = carrier.auditContext;
  if (!context || changes.length === 0) return;
  const call = entryOf(context.request, 200, context, new Date());
  await insertInboxUserChanges(tx, { ...call, details: {} }, field, changes);
}
