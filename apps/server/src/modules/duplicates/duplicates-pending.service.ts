import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/database.ts';
import * as repo from './duplicates-pending.repository.ts';

/** Pending clients whose pairs one statement finds. */
const BATCH = 500;

/**
 * The clients the transaction `tx` inserts from here on have their duplicate pairs found after it
 * commits (PendingPairs.kick), not by each insert: an import's commit of thousands of clients.
 */
export const deferPairs = (tx: Executor): Promise<void> => repo.deferPairs(tx);

/**
 * Finds the pairs of up to `limit` pending clients and takes them off the list, skipping those
 * another connection is taking; answers how many it took (the seed's finders call it directly).
 */
export const findPendingPairs = (db: Executor, limit: number): Promise<number> =>
  repo.findPendingPairs(db, limit);

/** The finder of the pairs left pending (migration 0041), one per process. */
export interface PendingPairs {
  /** Finds every pending client's pairs, in the background (once more if already at work). */
  kick(): void;
  /** Resolves once no finding is under way (tests, and the app's close). */
  settled(): Promise<void>;
}

/**
 * Finds the pending clients' pairs `BATCH` at a time until none is left; a kick while it works
 * makes it look again once done, so clients committed meanwhile are not left for the next kick.
 * Several processes share the list (each batch skips what another is taking). A failure is logged
 * and the clients stay pending for the next kick (the next commit, or the next start).
 */
export function createPendingPairs(db: Db, log: FastifyBaseLogger): PendingPairs {
  let running: Promise<void> | null = null;
  let again = false;
  async function drain() {
    do {
      again = false;
      while ((await findPendingPairs(db, BATCH)) === BATCH);
    } while (again);
  }
  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = drain()
        .catch((err: unknown) =>
          log.error({ err }, 'duplicate pairs not found yet: the clients stay pending'),
        )
        .finally(() => {
          running = null;
        });
    },
    settled: () => running ?? Promise.resolve(),
  };
}
