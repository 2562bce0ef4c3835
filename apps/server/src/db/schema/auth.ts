import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A signed-in session: one sign-in, the family of refresh tokens it rotates through, and the
 * access tokens issued from them (their `sid` claim). Revoked at sign-out, on the reuse of a
 * replaced refresh token, and with every other session of the user on a password change, reset
 * or deletion.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** Seven days after the sign-in: refreshing does not extend it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Password change, reset and deletion revoke every session of one user; sign-in tidies them.
    index('auth_sessions_user_idx').on(t.userId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The session (family) the token belongs to. */
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: a stolen database does not yield usable tokens. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When a refresh replaced it: presenting it again revokes its whole session. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Password change, reset and deletion revoke every token of one user.
    index('refresh_tokens_user_idx').on(t.userId),
    // Sign-out and a reused token revoke every token of one session.
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('password_tokens_purpose_ck', sql`${t.purpose} in ('reset', 'invite')`),
    // A new link or a password change voids the user's earlier links.
    index('password_tokens_user_idx').on(t.userId),
  ],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 128 }).notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Counting an account's failures in the last 15 minutes on every sign-in.
    index('login_failures_email_time_idx').on(t.email, t.failedAt),
  ],
);
