import { IDEMPOTENCY_KEY_HOURS } from '@cairn/shared/idempotency.schemas';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { unprocessable } from '../../lib/http-error.ts';
import { auditNote, type AuditCarrier } from '../audit/audit.policy.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import * as repo from './idempotency.repository.ts';

type Deps = Pick<AppContext, 'db' | 'clientCrypto'>;

/** What a keyed request sent: the user, their key, the route, and the request's parts that make it this request. */
export interface KeyedRequest {
  userId: number;
  key: string;
  route: string;
  request: unknown;
}

/** An answer as sent: status and the serialised body. */
export interface Answer {
  status: number;
  body: string;
}

/**
 * Runs a create once per key (docs/ARCHITECTURE.md, "Saved once"). In one transaction it claims
 * the user's key, runs `create` on that transaction and keeps its answer, so the key and the
 * record are written together or not at all. A repeat of the request answers the kept answer
 * (`replayed`) and writes nothing; a repeat arriving while the first is still running waits for
 * it, then answers the same. The key with another route or body is refused (422). A refusal
 * (`create` throwing) rolls the key back too, so a corrected request may send it again.
 * The create's audit entry is written in the same transaction; a replay is recorded as a read of
 * what was created (`replayed`), never as a second create.
 */
export async function runOnce(
  deps: Deps,
  keyed: KeyedRequest,
  create: (tx: Db) => Promise<Answer>,
  audit: AuditCarrier,
): Promise<Answer & { replayed: boolean }> {
  const request = JSON.stringify(keyed.request);
  const claim: repo.KeyClaim = {
    userId: keyed.userId,
    key: keyed.key,
    route: keyed.route,
    requestHash: deps.clientCrypto.hash(request),
  };
  const result = await auditedTransaction(deps.db, audit, async (tx) => {
    // Twice at most: a key that expired and was removed between the claim and the look-up is free again.
    for (let attempt = 0; ; attempt++) {
      if (await repo.claimKey(tx, claim, IDEMPOTENCY_KEY_HOURS)) {
        const answer = await create(tx);
        await repo.saveAnswer(tx, claim, answer.status, deps.clientCrypto.encrypt(answer.body));
        return { ...answer, replayed: false };
      }
      const stored = await repo.findKey(tx, claim.userId, claim.key);
      if (!stored && attempt === 0) continue;
      // The stored hash may be under a previous client data key (a key rotation under way).
      const sameRequest = stored && deps.clientCrypto.hashes(request).includes(stored.requestHash);
      if (stored?.route !== claim.route || !sameRequest) {
        throw unprocessable('idempotency_key_reused');
      }
      auditNote(audit, { action: 'read', details: { replayed: true } });
      return { status: stored.status!, body: deps.clientCrypto.decrypt(stored.answer!), replayed: true };
    }
  });
  // Forgetting old keys on the way out, in a statement of its own: cheap on an index, and never
  // holding the create's transaction.
  if (!result.replayed) await repo.deleteExpiredKeys(deps.db, IDEMPOTENCY_KEY_HOURS);
  return result;
}
