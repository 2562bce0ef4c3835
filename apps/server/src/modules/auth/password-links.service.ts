import type { Config } from '../../config.ts';
import { FIRST_LOCALE, isLocale } from '@cairn/shared/locales';
import { wordsIn } from '@cairn/shared/wording';
import type { Executor } from '../../db/database.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import * as repo from './auth.repository.ts';

export type PasswordLinkPurpose = 'reset' | 'invite';

/** Reset links last 30 minutes (issue: reset); invitations wait longer for a new user: 7 days. */
export const LINK_LIFETIME_MS: Record<PasswordLinkPurpose, number> = {
  reset: 30 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

export interface LinkRecipient {
  userId: number;
  email: string;
  firstName: string;
  /** The recipient's language: the email is written in it (issue 34). */
  locale: string;
}

export interface PasswordLink {
  token: string;
  id: number;
}

/**
 * Stores a single-use link to the Set New Password screen (128 random bits, stored hashed) and
 * voids the user's earlier links. Returns the token, which exists nowhere else.
 */
export async function createPasswordLink(
  db: Executor,
  userId: number,
  purpose: PasswordLinkPurpose,
): Promise<PasswordLink> {
  const token = randomToken(16);
  await voidPasswordLinks(db, userId);
  const id = await repo.insertPasswordLink(db, {
    userId,
    tokenHash: sha256(token),
    purpose,
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]),
  });
  return { token, id };
}

/** The address of the Set New Password screen for a link. */
export function passwordLinkUrl(config: Config, link: PasswordLink): string {
  const base = config.appUrl ?? `http://localhost:${config.port}`;
  return `${base}/login/reset-password?token=${encodeURIComponent(link.token)}&id=${link.id}`;
}

/** Emails a link created by createPasswordLink to its user. */
export async function sendPasswordLink(
  deps: { mailer: Mailer; config: Config },
  recipient: LinkRecipient,
  purpose: PasswordLinkPurpose,
  link: PasswordLink,
): Promise<void> {
  const url = passwordLinkUrl(deps.config, link);
  const words = wordsIn(isLocale(recipient.locale) ? recipient.locale : FIRST_LOCALE);
  const mail = purpose === 'invite' ? 'invitation' : 'reset';
  await deps.mailer.send({
    to: recipient.email,
    subject: words.mail(`${mail}.subject`),
    text: `${words.mail(`${mail}.body`, { name: recipient.firstName, url })}\n`,
  });
}

/**
 * Creates a single-use link to the Set New Password screen, voids the user's earlier links, and
 * emails it. Returns the token and id for demo mode.
 */
export async function issuePasswordLink(
  deps: { db: Executor; mailer: Mailer; config: Config },
  recipient: LinkRecipient,
  purpose: PasswordLinkPurpose,
): Promise<PasswordLink> {
  const link = await createPasswordLink(deps.db, recipient.userId, purpose);
  await sendPasswordLink(deps, recipient, purpose, link);
  return link;
}

/** Voids the user's unused invitation and reset links. */
export async function voidPasswordLinks(db: Executor, userId: number): Promise<void> {
  await repo.voidPasswordLinks(db, userId);
}

/**
 * Ends every session of a user: sessions and refresh tokens revoked, the token version raised so
 * that access tokens already issued are refused too, and pending reset or invitation links voided.
 * Used on password change and reset, and on deletion; the caller then forgets the user in every
 * process (`ctx.actors.forget`) once the transaction is committed.
 */
export async function revokeSessions(db: Executor, userId: number): Promise<void> {
  await repo.voidPasswordLinks(db, userId);
  await repo.revokeUserSessions(db, userId);
  await repo.raiseTokenVersion(db, userId);
}
