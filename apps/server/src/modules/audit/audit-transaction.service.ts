import type { Db, Executor } from '../../db/database.ts';
import { transactionEndingWith, type Ending } from '../../db/ending-transaction.ts';
import { isChange, type AuditCarrier } from './audit.policy.ts';
import { describeChange, namedByClient, snapshotBefore } from './audit-changes.service.ts';
import { asId, entryOf } from './audit-entry.service.ts';
import { changeEntryStatement } from './audit-writer.service.ts';

/**
 * Runs a change in one transaction that also writes the call's audit entry (docs/ARCHITECTURE.md,
 * "The audit trail"), so a change and its entry are committed together or not at all: a process
 * killed at any moment cannot leave a confirmed change unrecorded. Every write of a service goes
 * through it (lint refuses `db.transaction` in a service), with the actor or request as carrier.
 *
 * Only the call's outermost audited transaction writes the entry, after `work`, as its last
 * statement, into the trail's inbox (migration 0024), which the writer moves into the chain within
 * a second: changes take no lock of the chain, so they commit side by side as before. On
 * PostgreSQL that statement travels with the COMMIT in one message (transactionEndingWith): the
 * entry costs the change no round trip of its own. The entry
 * is written only when the call's action is a change (a
 * replayed create notes itself as a read and is queued like any read); the answer, when the
 * service has not named it (`auditAnswer`), is what `work` returned (the new record's id).
 * An update or a delete of the record its path names reads the record's row before `work` and an
 * update again after it, one statement each (audit-changes.service.ts): the entry keeps the
 * record's name as it was and the fields that changed, before and after, secrets masked; a
 * client's record without a name of its own (a note) keeps its client's name as it was then, as
 * the access check read it (measured: the entry's insert reading it cost the note's create about
 * 3 % of its throughput).
 * Without a context (a call the trail does not cover, or the trail off) it is a plain transaction.
 */
export async function auditedTransaction<T>(
  db: Executor,
  carrier: AuditCarrier,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const context = carrier.auditContext;
  if (!context || context.depth > 0) return db.transaction(work);
  context.depth = 1;
  try {
    let written = false;
    const result = await transactionEndingWith(db, async (tx): Promise<Ending<T>> => {
      const planned = context.note.action ?? context.spec.action;
      const snapshot = await snapshotBefore(tx, context, planned, asId(context.request.params, 'id'));
      const done = await work(tx);
      const action = context.note.action ?? context.spec.action;
      if (!isChange(action)) return { result: done, last: null };
      context.answer ??= done;
      const entry = entryOf(context.request, 200, context, new Date());
      const described = await describeChange(
        tx,
        context.spec.kind,
        action,
        action === planned ? snapshot : null,
        entry.clientId,
        context.answer,
      );
      Object.assign(entry.details, described);
      // A record without a name of its own is named by its client's name, as the access check read
      // it in this transaction (every client-owned record is reached through resolveRecords).
      if (!described.record_name && namedByClient(context.spec.kind)) {
        const name = context.places.find((p) => p.clientId === entry.clientId)?.clientName;
        if (name !== undefined && name !== null) entry.details.record_name = name;
      }
      written = true;
      return { result: done, last: changeEntryStatement(entry) };
    });
    context.written = written;
    return result;
  } finally {
    context.depth = 0;
  }
}
