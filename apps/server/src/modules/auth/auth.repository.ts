import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { authSessions, loginFailures, passwordTokens, refreshTokens } from '../../db/schema/auth.ts';
import { centres } from '../../db/schema/centres.ts';
import { roles } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';

/** Times are measured by the database clock, so every process of a scaled-out server agrees. */
const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

const liveUser = isNull(users.deletedAt);
const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

// ── users ─────────────────────────────────────────────────────────────────────

/** The live account signing in with `email` (any case), with what sign-in needs. */
export async function findLoginUser(db: Executor, email: string) {
  const [row] = await db
    .select({
      userId: users.userId,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      active: users.active,
    })
    .from(users)
    .where(and(sameEmail(email), liveUser))
    .limit(1);
  return row;
}

/** The live, active account of `email` (any case), as a recipient of a password link. */
export async function findLiveUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ userId: users.userId, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(and(sameEmail(email), liveUser, eq(users.active, true)))
    .limit(1);
  return row;
}

/** A live user with the centre and role names the User of spec §3 shows. */
export async function findSessionUser(db: Executor, userId: number) {
  const [row] = await db
    .select({
      userId: users.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      centreId: centres.centreId,
      centreName: centres.name,
      roleId: roles.roleId,
      roleTitle: roles.title,
      active: users.active,
      lastSignInAt: users.lastSignInAt,
      home: users.home,
      digest: users.digest,
      locale: users.locale,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(centres, eq(centres.centreId, users.centreId))
    .where(and(eq(users.userId, userId), liveUser))
    .limit(1);
  return row;
}

/** Stamps a successful sign-in (the users list's Last sign-in). */
export async function markSignedIn(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.userId, userId));
}

export async function findTokenVersion(db: Executor, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.userId, userId), liveUser));
  return row?.tokenVersion;
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.userId, userId));
}

export async function insertUser(
  db: Executor,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string;
    roleId: number;
    centreId: number | null;
  },
): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ userId: users.userId });
  return row!.userId;
}

// ── failed sign-ins ───────────────────────────────────────────────────────────

/** Records an attempt as a failure until it proves otherwise. Returns its row id. */
export async function recordLoginAttempt(db: Executor, email: string): Promise<number> {
  const [row] = await db.insert(loginFailures).values({ email }).returning({ id: loginFailures.id });
  return row!.id;
}

export async function countLoginFailures(
  db: Executor,
  email: string,
  windowSeconds: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, secondsAgo(windowSeconds))));
  return Number(row?.n ?? 0);
}

export async function deleteLoginAttempt(db: Executor, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

/** Deletes failures older than `olderThanSeconds`: of one address, or of all when `email` is omitted. */
export async function purgeLoginFailures(
  db: Executor,
  olderThanSeconds: number,
  email?: string,
): Promise<void> {
  const old = lt(loginFailures.failedAt, secondsAgo(olderThanSeconds));
  await db.delete(loginFailures).where(email === undefined ? old : and(eq(loginFailures.email, email), old));
}

// ── sessions and refresh tokens ───────────────────────────────────────────────

/** Opens a session for the user, lasting `seconds`; answers its id and expiry. */
export async function insertSession(db: Executor, userId: number, seconds: number) {
  const [row] = await db
    .insert(authSessions)
    .values({ userId, expiresAt: sql`now() + make_interval(secs => ${seconds})` })
    .returning({ sessionId: authSessions.id, expiresAt: authSessions.expiresAt });
  return row!;
}

export async function insertRefreshToken(
  db: Executor,
  values: { userId: number; sessionId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * A refresh token with its session and owner, the token's row locked until the transaction ends,
 * so that of two refreshes with one token the second waits and then sees it replaced. `usable` is
 * false for a revoked or expired token or session, or a deleted or deactivated owner.
 */
export async function lockRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      userId: refreshTokens.userId,
      replaced: sql<boolean>`${refreshTokens.replacedAt} is not null`,
      usable: sql<boolean>`(${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now()
        and ${authSessions.revokedAt} is null and ${authSessions.expiresAt} > now()
        and ${users.deletedAt} is null and ${users.active})`,
      expiresAt: authSessions.expiresAt,
      tokenVersion: users.tokenVersion,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.userId, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: refreshTokens });
  return row;
}

/** Marks a refresh token replaced by its successor. */
export async function markRefreshTokenReplaced(db: Executor, tokenId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ replacedAt: sql`now()` })
    .where(eq(refreshTokens.id, tokenId));
}

/** The session a refresh token (live, replaced or revoked) belongs to, with its owner. */
export async function findTokenSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Revokes a session and every refresh token of it. */
export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** A user's sessions that can never be used again, expired or revoked, with their tokens. */
export async function deleteDeadSessions(db: Executor, userId: number): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        or(lt(authSessions.expiresAt, sql`now()`), isNotNull(authSessions.revokedAt)),
      ),
    );
}

// ── password links ────────────────────────────────────────────────────────────

/** A password link that is unused, unexpired and belongs to a live, active user. */
export async function findUsablePasswordLink(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: passwordTokens.id,
      userId: passwordTokens.userId,
      tokenHash: passwordTokens.tokenHash,
      purpose: passwordTokens.purpose,
      email: users.email,
    })
    .from(passwordTokens)
    .innerJoin(users, eq(users.userId, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.id, id),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, sql`now()`),
        liveUser,
        eq(users.active, true),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks a link used if it still is usable. Only one of two concurrent uses of a link gets
 * `true`: the update holds the row until its transaction ends.
 */
export async function consumePasswordLink(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, sql`now()`)),
    )
    .returning({ id: passwordTokens.id });
  return rows.length > 0;
}

export async function latestPasswordLinkId(db: Executor): Promise<number> {
  const [row] = await db
    .select({ id: passwordTokens.id })
    .from(passwordTokens)
    .orderBy(desc(passwordTokens.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Stores a password link (its token only as a hash) and answers its id. */
export async function insertPasswordLink(
  db: Executor,
  values: Pick<typeof passwordTokens.$inferInsert, 'userId' | 'tokenHash' | 'purpose' | 'expiresAt'>,
): Promise<number> {
  const [row] = await db.insert(passwordTokens).values(values).returning({ id: passwordTokens.id });
  return row!.id;
}

/** Voids the user's unused invitation and reset links. */
export async function voidPasswordLinks(db: Executor, userId: number): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/** Revokes every live session and refresh token of the user. */
export async function revokeUserSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Raises the user's token version, so access tokens already issued are refused. */
export async function raiseTokenVersion(db: Executor, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.userId, userId));
}

/**
 * A signed-in caller's role, centre, token version and language, while the session is live and belongs to
 * the user; undefined for a revoked or expired session, or a deleted, deactivated or unknown user.
 */
export async function findActorRow(db: Executor, userId: number, sessionId: number) {
  const [row] = await db
    .select({
      roleId: users.roleId,
      centreId: users.centreId,
      tokenVersion: users.tokenVersion,
      locale: users.locale,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.userId, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        eq(users.active, true),
      ),
    )
    .limit(1);
  return row;
}
