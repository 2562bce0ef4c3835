import type { Executor } from '../../db/database.ts';
import { findActorRow } from './auth.repository.ts';

/**
 * The caller a token names, as the auth hook (plugins/auth.ts) loads it: role, centre and token
 * version, or nothing for a deleted account.
 */
export function findActorById(db: Executor, userId: number) {
  return findActorRow(db, userId);
}
