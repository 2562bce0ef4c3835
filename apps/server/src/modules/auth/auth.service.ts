import { preferencesOf } from '../users/user-preferences.service.ts';
import { auditNote, type AuditCarrier } from '../audit/audit.policy.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import crypto from 'node:crypto';
import type {
  ChangePasswordResponse,
  LoginResponse,
  RefreshResponse,
  RequestResetResponse,
} from '@cairn/shared/auth.schemas';
import { userIcon, type User } from '@cairn/shared/users.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import * as repo from './auth.repository.ts';
import { createPasswordLink, revokeSessions, sendPasswordLink } from './password-links.service.ts';

/** Refresh tokens: about 7 days (issue: sign-in and session). */
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
/** At most this many failed sign-ins per account… */
export const MAX_LOGIN_FAILURES = 10;
/** …within this sliding window. */
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Failures older than this count for nothing and are deleted. */
const LOGIN_FAILURE_RETENTION_SECONDS = 24 * 60 * 60;
/** How often one process sweeps every account's old failures, not only the account at hand. */
const FAILURE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

type SessionUserRow = NonNullable<Awaited<ReturnType<typeof repo.findSessionUser>>>;

/** The User of spec §3 (shared userSchema). */
export function toUser(row: SessionUserRow): User {
  return {
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    centre:
      row.centreId === null || row.centreName === null
        ? null
        : { centre_id: row.centreId, name: row.centreName },
    roles: [{ role_id: row.roleId, title: row.roleTitle }],
    ...userIcon(row.firstName, row.lastName, row.userId),
    active: row.active,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    ...preferencesOf(row),
  };
}

/** Compares two SHA-256 hex digests in constant time. */
/** The account an entry is about (sign-in, sign-out, reset), when there is one. */
function ownerOf(account: { userId?: number | undefined } | undefined): {
  userId?: number;
  recordId?: number;
} {
  return account?.userId === undefined ? {} : { userId: account.userId, recordId: account.userId };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

const invalidCredentials = () => new HttpError(401, 'invalid_credentials');
const invalidResetLink = () => notFound('invalid_reset_link');

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db } = ctx;
  /** Reset emails go out after the answer; kept here so closing the app waits for them. */
  const pendingMail = new Set<Promise<void>>();
  let lastFailureSweep = 0;

  /** A new refresh token of the session, stored hashed, and an access token naming the session. */
  async function issueTokens(
    tx: Executor,
    session: { userId: number; sessionId: number; expiresAt: Date; tokenVersion: number },
  ) {
    const refreshToken = randomToken(32);
    await repo.insertRefreshToken(tx, {
      userId: session.userId,
      sessionId: session.sessionId,
      tokenHash: sha256(refreshToken),
      expiresAt: session.expiresAt,
    });
    const accessToken = await ctx.tokens.sign({
      userId: session.userId,
      version: session.tokenVersion,
      sessionId: session.sessionId,
    });
    return { accessToken, refreshToken };
  }

  /** A new session (a new refresh token family) for the user, and its first pair of tokens. */
  async function openSession(tx: Executor, userId: number, tokenVersion: number) {
    // Each sign-in tidies the user's dead sessions, so the table holds little more than live ones.
    await repo.deleteDeadSessions(tx, userId);
    const session = await repo.insertSession(tx, userId, REFRESH_TOKEN_SECONDS);
    return issueTokens(tx, { userId, tokenVersion, ...session });
  }

  async function forgetOldFailures(email: string) {
    await repo.purgeLoginFailures(db, LOGIN_FAILURE_RETENTION_SECONDS, email);
    if (Date.now() - lastFailureSweep > FAILURE_SWEEP_INTERVAL_MS) {
      lastFailureSweep = Date.now();
      await repo.purgeLoginFailures(db, LOGIN_FAILURE_RETENTION_SECONDS);
    }
  }

  /** A usable link whose token matches, or a 404 that does not say which check failed. */
  async function usableLink(token: string, id: number) {
    const link = await repo.findUsablePasswordLink(db, id);
    if (!link || !sameHash(link.tokenHash, sha256(token))) throw invalidResetLink();
    return link;
  }

  return {
    /**
     * Every attempt is first stored as a failure and then counted, so concurrent guesses see each
     * other and cannot get past the limit together. An attempt over the limit is refused without
     * checking the password and is not counted itself: the lock ends when the oldest counted
     * failure leaves the window. Unknown addresses are counted and locked alike, so the lock says
     * nothing about which accounts exist. A successful sign-in clears the account's failures:
     * only the password's owner can do that, and their own typos should not lock them out later.
     */
    async login(emailInput: string, password: string, audit: AuditCarrier): Promise<LoginResponse> {
      const email = emailInput.toLowerCase();
      const attemptId = await repo.recordLoginAttempt(db, email);
      const failures = await repo.countLoginFailures(db, email, LOGIN_FAILURE_WINDOW_SECONDS);
      if (failures > MAX_LOGIN_FAILURES) {
        await repo.deleteLoginAttempt(db, attemptId);
        auditNote(audit, { action: 'lockout', ...ownerOf(await repo.findLoginUser(db, email)) });
        throw new HttpError(429, 'too_many_login_failures', undefined, {
          minutes: LOGIN_FAILURE_WINDOW_SECONDS / 60,
        });
      }

      const account = await repo.findLoginUser(db, email);
      let valid = false;
      if (account?.passwordHash) {
        valid = await verifyPassword(account.passwordHash, password);
      } else {
        // Unknown address or no password set yet: spend the same time as a wrong password.
        await verifyAgainstNothing(password);
      }
      if (!account || !valid) {
        auditNote(audit, { action: 'sign_in_failed', ...ownerOf(account) });
        await forgetOldFailures(email);
        throw invalidCredentials();
      }

      await repo.clearLoginFailures(db, email);
      // Said only to whoever knows the password, so it tells a guesser nothing.
      if (!account.active) {
        auditNote(audit, { action: 'sign_in_failed', ...ownerOf(account) });
        throw new HttpError(403, 'account_deactivated');
      }
      await repo.markSignedIn(db, account.userId);
      const user = await repo.findSessionUser(db, account.userId);
      if (!user) throw invalidCredentials();
      auditNote(audit, { userId: account.userId, recordId: account.userId, roleId: user.roleId });
      const tokens = await openSession(db, account.userId, account.tokenVersion);
      return { ...tokens, user: toUser(user) };
    },

    /**
     * Rotates a refresh token: the token is replaced by a new one of the same session, which the
     * answer carries beside the access token. A replaced token presented again means two parties
     * hold the family (OAuth 2.0 Security BCP, refresh token rotation): the whole session is
     * revoked, its refresh tokens and its access tokens, in every process. The token's row is
     * locked, so of two refreshes with one token the second sees it replaced.
     */
    async refresh(refreshToken: string, audit: AuditCarrier): Promise<RefreshResponse> {
      const outcome = await auditedTransaction(db, audit, async (tx) => {
        const token = await repo.lockRefreshToken(tx, sha256(refreshToken));
        if (!token) return { kind: 'unknown' as const };
        auditNote(audit, ownerOf(token));
        if (token.replaced) {
          auditNote(audit, { action: 'refresh_token_reused', details: { session_id: token.sessionId } });
          await repo.revokeSession(tx, token.sessionId);
          return { kind: 'reused' as const, sessionId: token.sessionId, userId: token.userId };
        }
        if (!token.usable) return { kind: 'unknown' as const };
        await repo.markRefreshTokenReplaced(tx, token.tokenId);
        return { kind: 'rotated' as const, tokens: await issueTokens(tx, token) };
      });
      if (outcome.kind === 'rotated') return outcome.tokens;
      if (outcome.kind === 'reused') {
        await ctx.actors.forgetSession(outcome.sessionId);
        log.warn(
          { userId: outcome.userId, sessionId: outcome.sessionId },
          'a replaced refresh token was presented again; its session is revoked',
        );
      }
      throw notFound('invalid_refresh_token');
    },

    /** Ends the refresh token's session: its refresh tokens and access tokens, in every process. */
    async logout(refreshToken: string, audit: AuditCarrier): Promise<void> {
      const session = await repo.findTokenSession(db, sha256(refreshToken));
      auditNote(audit, ownerOf(session));
      if (!session) return;
      await repo.revokeSession(db, session.sessionId);
      await ctx.actors.forgetSession(session.sessionId);
    },

    /**
     * The answer is the same whether or not the address has an account: the email goes out
     * after the answer, so neither its delay nor a mail server failure shows. In demo mode an
     * unknown address gets a token and an id too, which will never validate.
     */
    async requestReset(email: string, audit: AuditCarrier): Promise<RequestResetResponse> {
      const user = await repo.findLiveUserByEmail(db, email);
      let link: { token: string; id: number };
      if (user) {
        auditNote(audit, ownerOf(user));
        link = await createPasswordLink(db, user.userId, 'reset');
        const sending = sendPasswordLink(ctx, user, 'reset', link)
          .catch((err: unknown) => log.error({ err }, 'password reset email failed'))
          .finally(() => pendingMail.delete(sending));
        pendingMail.add(sending);
      } else {
        // Near the next real id, so the number looks like any other; the token matches nothing.
        link = {
          token: randomToken(16),
          id: (await repo.latestPasswordLinkId(db)) + 1 + crypto.randomInt(3),
        };
      }
      return ctx.config.demoMode ? { sent: true, token: link.token, id: link.id } : { sent: true };
    },

    async checkReset(token: string, id: number) {
      const link = await usableLink(token, id);
      return {
        valid: true as const,
        purpose: link.purpose === 'invite' ? ('invite' as const) : ('reset' as const),
      };
    },

    /**
     * Sets the password from a reset or invitation link. The link is consumed in the same
     * transaction, so a link used twice at once sets the password once. The account's failed
     * sign-ins are cleared: whoever reads its mailbox is its owner.
     */
    async resetPassword(token: string, id: number, password: string, audit: AuditCarrier): Promise<void> {
      const link = await usableLink(token, id);
      const passwordHash = await hashPassword(password);
      await auditedTransaction(db, audit, async (tx) => {
        if (!(await repo.consumePasswordLink(tx, link.id))) throw invalidResetLink();
        auditNote(audit, ownerOf(link));
        await repo.setPasswordHash(tx, link.userId, passwordHash);
        await revokeSessions(tx, link.userId);
        await repo.clearLoginFailures(tx, link.email.toLowerCase());
      });
      await ctx.actors.forget(link.userId);
    },

    /** Sets the password and ends every session, then opens a new one for the caller. */
    async changePassword(
      userId: number,
      password: string,
      audit: AuditCarrier,
    ): Promise<ChangePasswordResponse> {
      auditNote(audit, { recordId: userId });
      const passwordHash = await hashPassword(password);
      const tokens = await auditedTransaction(db, audit, async (tx) => {
        await repo.setPasswordHash(tx, userId, passwordHash);
        await revokeSessions(tx, userId);
        const version = await repo.findTokenVersion(tx, userId);
        if (version === undefined) throw notFound();
        return openSession(tx, userId, version);
      });
      await ctx.actors.forget(userId);
      return { ok: true, ...tokens };
    },

    /** Resolves once the reset emails already accepted have been handed to the mail server. */
    async settle(): Promise<void> {
      await Promise.allSettled([...pendingMail]);
    },
  };
}
