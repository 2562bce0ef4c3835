import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { passwordTokens, refreshTokens } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

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
}

/**
 * Creates a single-use link to the Set New Password screen (128 random bits, stored hashed),
 * voids the user's earlier links, and emails it. Returns the token and id for demo mode.
 */
export async function issuePasswordLink(
  deps: { db: Executor; mailer: Mailer; config: Config },
  recipient: LinkRecipient,
  purpose: PasswordLinkPurpose,
): Promise<{ token: string; id: number }> {
  const token = randomToken(16);
  await deps.db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordTokens.userId, recipient.userId), isNull(passwordTokens.usedAt)));
  const [row] = await deps.db
    .insert(passwordTokens)
    .values({
      userId: recipient.userId,
      tokenHash: sha256(token),
      purpose,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]),
    })
    .returning({ id: passwordTokens.id });
  const id = row!.id;
  const base = deps.config.appUrl ?? `http://localhost:${deps.config.port}`;
  const link = `${base}/login/reset-password?token=${encodeURIComponent(token)}&id=${id}`;
  await deps.mailer.send(
    purpose === 'invite'
      ? {
          to: recipient.email,
          subject: 'Your Cairn account',
          text:
            `Hello ${recipient.firstName},\n\nAn account has been created for you in Cairn. ` +
            `Set your password with this link (valid for 7 days):\n\n${link}\n`,
        }
      : {
          to: recipient.email,
          subject: 'Reset your Cairn password',
          text:
            `Hello ${recipient.firstName},\n\nSomeone asked to reset the password of your Cairn account. ` +
            `Set a new password with this link (valid for 30 minutes):\n\n${link}\n\n` +
            'If you did not ask for this, you can ignore this email.\n',
        },
  );
  return { token, id };
}

/**
 * Ends every session of a user: refresh tokens revoked, and the token version raised so that
 * access tokens already issued are refused too.
 */
export async function revokeSessions(db: Executor, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.userId, userId));
}
