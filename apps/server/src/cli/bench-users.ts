/**
 * The benchmarks' accounts (`npm run bench`, `npm run bench:balancer`): made directly in the
 * database, without a password (they only get signed tokens), removed with their notes at the end.
 */
import { ROLE, type RoleId } from '@cairn/shared/roles';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema/users.ts';
import type { AccessTokens } from '../lib/access-tokens.ts';
import { insertSession } from '../modules/auth/auth.repository.ts';
import { REFRESH_TOKEN_SECONDS } from '../modules/auth/auth.service.ts';
import type { BenchRole } from './bench-target.ts';

const BENCH_USERS: Record<BenchRole, { email: string; roleId: RoleId }> = {
  admin: { email: 'bench.admin@cairn.invalid', roleId: ROLE.admin },
  coordinator: { email: 'bench.coordinator@cairn.invalid', roleId: ROLE.coordinator },
};

export interface BenchUser {
  userId: number;
  tokenVersion: number;
}

/** A query's rows. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A bench account made directly in the database, or the one a stopped run left behind; with the
 * token version its tokens must carry.
 */
export async function benchUser(db: Db, key: BenchRole, centreId: number | null): Promise<BenchUser> {
  const u = BENCH_USERS[key];
  const returning = { userId: users.userId, tokenVersion: users.tokenVersion };
  const [found] = await db
    .update(users)
    .set({ centreId, roleId: u.roleId })
    .where(and(eq(users.email, u.email), isNull(users.deletedAt)))
    .returning(returning);
  if (found) return found;
  const [made] = await db
    .insert(users)
    .values({ email: u.email, firstName: 'Bench', lastName: key, roleId: u.roleId, centreId })
    .returning(returning);
  return made!;
}

/** An access token for the account, in a session of its own: it outlives the run (15 minutes). */
export async function benchToken(db: Db, tokens: AccessTokens, u: BenchUser): Promise<string> {
  return tokens.sign({
    userId: u.userId,
    version: u.tokenVersion,
    sessionId: (await insertSession(db, u.userId, REFRESH_TOKEN_SECONDS)).sessionId,
  });
}

/** Removes the bench accounts and the notes they wrote. */
export async function removeBenchUsers(db: Db, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = sql.join(userIds, sql`, `);
  await db.execute(sql`DELETE FROM notes WHERE created_by IN (${ids})`);
  await db.execute(sql`DELETE FROM users WHERE user_id IN (${ids})`);
}
