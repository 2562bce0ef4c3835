import { auditNote, type AuditCarrier } from '../audit/audit.policy.ts';
import type { Locale } from '@cairn/shared/locales';
import type { RequestResetResponse } from '@cairn/shared/auth.schemas';
import {
  userIcon,
  type User,
  type userCreateBodySchema,
  type userListQuerySchema,
  type userUpdateBodySchema,
} from '@cairn/shared/users.schemas';
import { NO_CENTRE_ID } from '@cairn/shared/limits';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  issuePasswordLink,
  revokeSessions,
  type PasswordLinkPurpose,
} from '../auth/password-links.service.ts';
import { authorizeOwnAccountChanges } from '../access/users.policy.ts';
import { authorizePreferences } from '../access/my-work.policy.ts';
import * as repo from './users.repository.ts';
import { preferencesOf, preferenceValues } from './user-preferences.service.ts';
import { violatedConstraint } from '../../db/db-errors.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';
import { unassignIneligibleClients } from '../caseloads/caseloads.service.ts';

type CreateInput = z.output<typeof userCreateBodySchema>;
type UpdateInput = z.output<typeof userUpdateBodySchema>;
type ListQuery = z.output<typeof userListQuerySchema>;
type Deps = Pick<AppContext, 'db' | 'mailer' | 'config' | 'actors'>;

/** The User of spec §3. */
export function toUser(row: repo.UserRow): User {
  return {
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    centre: row.centreId === null ? null : { centre_id: row.centreId, name: row.centreName ?? '' },
    roles: [{ role_id: row.roleId, title: row.roleTitle }],
    ...userIcon(row.firstName, row.lastName, row.userId),
    active: row.active,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    ...preferencesOf(row),
  };
}

/** The users list, narrowed by the query's search and filters (every one optional). */
export async function listUsers(db: Db, query: ListQuery = {}): Promise<User[]> {
  const rows = await repo.listUsers(db, {
    search: query.s || undefined,
    roleId: query.role,
    centreId: query.centre === NO_CENTRE_ID ? null : query.centre,
    status: query.status,
  });
  return rows.map(toUser);
}

export async function getUser(db: Db, userId: number): Promise<User> {
  const row = await repo.findUser(db, userId);
  if (!row) throw notFound();
  return toUser(row);
}

/**
 * Creates a user without a password and emails the invitation to set one, in one transaction:
 * if the mail cannot be sent, no user is left behind without a way in, and the Admin sees the
 * failure and can try again (a committed user would block the retry with email_taken). The new
 * user's language is the body's `locale`, else the creating Admin's (`creatorLocale`): an Admin
 * working in French most often invites colleagues who do too. The invitation goes out in it.
 */
export async function createUser(
  deps: Deps,
  input: CreateInput,
  audit: AuditCarrier,
  creatorLocale: Locale,
): Promise<{ id: number; user: User; invite?: { token: string; id: number } }> {
  const values = toValues(input);
  const locale = input.locale ?? creatorLocale;
  auditNote(audit, {
    details: {
      role: { before: null, after: values.roleId },
      centre: { before: null, after: values.centreId },
    },
  });
  const { userId, link } = await translateConstraintErrors(() =>
    auditedTransaction(deps.db, audit, async (tx) => {
      const userId = await repo.insertUser(tx, { ...values, locale });
      const link = await issuePasswordLink(
        { db: tx, mailer: deps.mailer, config: deps.config },
        { userId, email: values.email, firstName: values.firstName, locale },
        'invite',
      );
      return { userId, link };
    }),
  );
  const user = await getUser(deps.db, userId);
  return { id: userId, user, ...(deps.config.demoMode ? { invite: link } : {}) };
}

/**
 * Updates a user: the whole user as the form sends it, `active` beside it or alone. On the
 * caller's own account, role, centre and status must be the stored ones (the form sends them back
 * unchanged) and only names, email and the preferences (`home`, `digest`: the own account's
 * alone, my-work.policy.ts) are written. Deactivating ends every session of the user
 * at once (refresh tokens revoked, access tokens refused, pending links voided).
 */
export async function updateUser(
  deps: Deps,
  actor: Actor,
  userId: number,
  input: UpdateInput,
): Promise<User> {
  await translateConstraintErrors(() =>
    auditedTransaction(deps.db, actor, async (tx) => {
      const stored = await repo.lockUser(tx, userId);
      if (!stored) throw notFound();
      const values = updatedValues(stored, input);
      authorizeOwnAccountChanges(actor, userId, stored, values);
      authorizePreferences(actor, userId, stored.roleId, input);
      const own = userId === actor.userId;
      const written = own
        ? {
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            ...preferenceValues(input),
          }
        : values;
      await repo.updateUser(tx, userId, written);
      auditNote(actor, { details: changesOf(stored, written) });
      if (stored.active && !own && !values.active) await revokeSessions(tx, userId);
      // A worker deactivated, or no longer a Coordinator of the clients' centre, has none of them.
      await unassignIneligibleClients(tx, actor, userId);
    }),
  );
  // A new role, centre or status applies to the user's very next request, in every process.
  await deps.actors.forget(userId);
  return getUser(deps.db, userId);
}

/** The values an update writes: the body's, or the stored ones when it sends `active` alone. */
function updatedValues(stored: repo.UserValues, input: UpdateInput): repo.UserValues {
  const { first_name, last_name, email, centre, roles, active } = input;
  const whole =
    first_name !== undefined &&
    last_name !== undefined &&
    email !== undefined &&
    centre !== undefined &&
    roles !== undefined;
  const profile = whole ? toValues({ first_name, last_name, email, centre, roles }) : stored;
  return { ...profile, active: active ?? stored.active };
}

/**
 * Emails a user a new invitation or a password reset link, as sign-up and Forgot Password do
 * (the earlier links voided); a deactivated user gets none (409 account_deactivated). In demo
 * mode the answer carries the link, as a create's does.
 */
export async function sendPasswordLinkTo(
  deps: Deps,
  userId: number,
  purpose: PasswordLinkPurpose,
  audit: AuditCarrier,
): Promise<RequestResetResponse> {
  auditNote(audit, { recordId: userId, details: { purpose } });
  const link = await auditedTransaction(deps.db, audit, async (tx) => {
    const row = await repo.findUser(tx, userId);
    if (!row) throw notFound();
    if (!row.active) throw conflict('account_deactivated');
    return issuePasswordLink(
      { db: tx, mailer: deps.mailer, config: deps.config },
      { userId, email: row.email, firstName: row.firstName, locale: row.locale },
      purpose,
    );
  });
  return deps.config.demoMode ? { sent: true, token: link.token, id: link.id } : { sent: true };
}

/**
 * Soft-deletes a user (records they wrote keep naming them; the email is free again) and ends
 * their sessions at once: refresh tokens revoked, access tokens void, pending links unusable.
 */
export async function deleteUser(
  deps: Pick<AppContext, 'db' | 'actors'>,
  userId: number,
  audit: AuditCarrier,
): Promise<void> {
  await auditedTransaction(deps.db, audit, async (tx) => {
    if (!(await repo.softDeleteUser(tx, userId))) throw notFound();
    await revokeSessions(tx, userId);
    await unassignIneligibleClients(tx, audit, userId);
  });
  await deps.actors.forget(userId);
}

/**
 * The role's and the centre's before and after of an update, beside the fields the trail's own
 * diff names (audit-changes.service.ts): what an administrator most asks of a user's change.
 */
function changesOf(before: repo.UserValues, after: Partial<repo.UserValues>): Record<string, unknown> {
  const changed = (k: 'roleId' | 'centreId') => after[k] !== undefined && after[k] !== before[k];
  return {
    ...(changed('roleId') ? { role: { before: before.roleId, after: after.roleId } } : {}),
    ...(changed('centreId') ? { centre: { before: before.centreId, after: after.centreId } } : {}),
  };
}

function toValues(input: CreateInput): repo.UserValues {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    // Sign-in compares emails case-insensitively; one spelling is stored.
    email: input.email.toLowerCase(),
    centreId: input.centre,
    // Spec §6: a user's first role is the one that counts.
    roleId: input.roles[0]!,
    active: true,
  };
}

/**
 * The database enforces a live email once and an existing centre, even between two concurrent
 * requests; their violations are the caller's mistake, answered 409 and 400.
 */
async function translateConstraintErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const violated = violatedConstraint(err);
    if (violated?.code === '23505' && violated.constraint === repo.USER_CONSTRAINTS.liveEmail) {
      throw conflict('email_taken', { email: { code: 'email_taken' } });
    }
    if (violated?.code === '23503' && violated.constraint === repo.USER_CONSTRAINTS.centre) {
      throw new HttpError(400, 'centre_not_found', { centre: { code: 'centre_not_found' } });
    }
    throw err;
  }
}
