import type { ClientReassignResult, clientReassignBodySchema, Worker } from '@cairn/shared/caseloads.schemas';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireWithin, scopeOf } from '../access/access.policy.ts';
import { requireRecords } from '../access/access.service.ts';
import { requireWorkerFor } from '../access/caseloads.policy.ts';
import { auditEachClient } from '../audit/audit-clients.service.ts';
import { auditNote, type AuditCarrier } from '../audit/audit.policy.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import * as repo from './caseloads.repository.ts';

type ReassignInput = z.output<typeof clientReassignBodySchema>;

/** The field a worker change names in the audit trail (the web's `audit` catalogue words it). */
const WORKER_FIELD = 'worker';

/**
 * POST /clients/reassign: the clients named, or every client of `from_worker_id` within the
 * caller's scope, go to `worker_id` (null: unassigned), in one transaction and one statement. A
 * client missing or of a centre the caller does not reach refuses them all (404, as a missing
 * one); the worker must be an active Coordinator of every client's centre (400
 * `worker_not_eligible`). One audit entry per client changed, beside the call's naming them all.
 */
export function reassignClients(db: Db, actor: Actor, input: ReassignInput): Promise<ClientReassignResult> {
  const scope = scopeOf(actor);
  return auditedTransaction(db, actor, async (tx) => {
    let clients: Array<{ id: number; centreId: number }>;
    if (input.client_ids) {
      await repo.lockClients(tx, input.client_ids);
      clients = await requireRecords(tx, actor, 'client', input.client_ids);
    } else {
      clients = await repo.lockWorkerClients(tx, scope, input.from_worker_id!);
    }
    if (input.worker_id !== null) {
      await requireWorkerFor(tx, scope, input.worker_id, new Set(clients.map((c) => c.centreId)));
    }
    const ids = clients.map((c) => c.id);
    const changes = await repo.assignWorker(tx, ids, input.worker_id);
    await auditEachClient(tx, actor, WORKER_FIELD, changes);
    auditNote(actor, {
      clientIds: ids,
      details: {
        worker_id: input.worker_id,
        ...(input.from_worker_id !== undefined ? { from_worker_id: input.from_worker_id } : {}),
        reassigned: changes.length,
      },
    });
    return { reassigned: changes.length, client_ids: ids, worker_id: input.worker_id };
  });
}

/**
 * After a user is deactivated, deleted, or given another role or centre (users.service.ts), in
 * the same transaction: their clients that they may no longer have are left unassigned, each
 * change an audit entry of its client; the user's entry counts them.
 */
export async function unassignIneligibleClients(
  tx: Executor,
  audit: AuditCarrier,
  userId: number,
): Promise<number> {
  const changes = await repo.unassignIneligible(tx, userId);
  await auditEachClient(tx, audit, WORKER_FIELD, changes);
  if (changes.length > 0) auditNote(audit, { details: { clients_unassigned: changes.length } });
  return changes.length;
}

/** GET /workers: the workers a centre within the caller's scope may give its clients (404 otherwise). */
export async function listWorkers(db: Db, actor: Actor, centreId: number): Promise<Worker[]> {
  requireWithin(scopeOf(actor), centreId);
  return repo.listWorkers(db, centreId);
}
