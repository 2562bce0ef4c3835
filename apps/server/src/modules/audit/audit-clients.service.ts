import type { Executor } from '../../db/database.ts';
import type { AuditCarrier } from './audit.policy.ts';
import { entryOf } from './audit-entry.service.ts';
import { insertInboxPerClient } from './audit.repository.ts';

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
