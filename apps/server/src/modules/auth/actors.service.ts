import type { Executor } from '../../db/database.ts';
import { findActorRow } from './auth.repository.ts';

/**
 * The caller a token names, as the auth hook (plugins/auth.ts) loads it: role, centre and token
 * version, or nothing for a deleted account or a session ended, revoked or expired.
 */
export function findActorById(db: Executor, userId: number, sessionId: number) {
  return findActorRow(db, userId, sessionId);
}
