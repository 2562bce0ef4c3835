import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';

/** One request's key: whose, which, on which route, and the keyed hash of what it sent. */
export interface KeyClaim {
  userId: number;
  key: string;
  route: string;
  requestHash: string;
}

/** Keys written before this are forgotten. Times are the database clock's, so every process agrees. */
const cutoff = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

/**
 * Takes the key for this request: inserts it, or takes over the user's same key when it is older
 * than `hours`. False when the user holds the key already. A key another transaction is writing
 * is waited for (the primary key's lock), so the answer is only known once that one has ended.
 */
export async function claimKey(db: Executor, claim: KeyClaim, hours: number): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values(claim)
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        route: claim.route,
        requestHash: claim.requestHash,
        status: null,
        answer: null,
        createdAt: sql`now()`,
      },
      setWhere: lt(idempotencyKeys.createdAt, cutoff(hours)),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** The answer stored with the user's key, when they hold it. */
export async function findKey(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select({
      route: idempotencyKeys.route,
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      answer: idempotencyKeys.answer,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Keeps the first answer with the key claimed in the same transaction. */
export async function saveAnswer(
  db: Executor,
  claim: KeyClaim,
  status: number,
  answer: string,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, answer })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
}

/** Removes every key older than `hours` (idempotency_keys_created_idx). */
export async function deleteExpiredKeys(db: Executor, hours: number): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff(hours)));
}
