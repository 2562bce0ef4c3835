import type { Executor } from '../../db/database.ts';
import type { AuditCarrier } from './audit.policy.ts';
import { entryOf } from './audit-entry.service.ts';
import { insertInboxPerClient } from './audit.repository.ts';

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
  await insertInboxPerClient(tx, { ...call, details: {} }, field, changes);
}
