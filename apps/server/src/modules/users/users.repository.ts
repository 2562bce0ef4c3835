import type { UserStatus } from '@cairn/shared/users.schemas';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { centres } from '../../db/schema/centres.ts';
import { roles } from '../../db/schema/reference.ts';
import { users } from '../../db/schema/users.ts';

/** A live user with the names of their centre and role. */
export interface UserRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  centreId: number | null;
  centreName: string | null;
  roleId: number;
  roleTitle: string;
  active: boolean;
  lastSignInAt: Date | null;
  home: string | null;
  digest: boolean;
  locale: string;
}

/** What the users list may be narrowed to (GET /users). */
export interface UserFilter {
  search?: string | undefined;
  roleId?: number | undefined;
  /** A centre's id, or null for the users without one. */
  centreId?: number | null | undefined;
  status?: UserStatus | null | undefined;
}

export interface UserValues {
  firstName: string;
  lastName: string;
  email: string;
  centreId: number | null;
  roleId: number;
  active: boolean;
}

/** The constraints whose violation is the caller's mistake rather than a fault. */
export const USER_CONSTRAINTS = {
  liveEmail: 'users_email_live_uq',
  centre: 'users_centre_id_centres_centre_id_fk',
} as const;

const live = isNull(users.deletedAt);

function selectUserRows(db: Executor) {
  return db
    .select({
      userId: users.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      centreId: users.centreId,
      centreName: centres.name,
      roleId: users.roleId,
      roleTitle: roles.title,
      active: users.active,
      lastSignInAt: users.lastSignInAt,
      home: users.home,
      digest: users.digest,
      locale: users.locale,
    })
    .from(users)
    .innerJoin(roles, eq(roles.roleId, users.roleId))
    .leftJoin(centres, eq(centres.centreId, users.centreId));
}

const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;

/** The conditions of a filter: the search text anywhere in the full name or the email, any case. */
function filterConditions(f: UserFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.search) {
    const text = f.search.toLowerCase();
    conditions.push(
      or(sql`strpos(${fullName}, ${text}) > 0`, sql`strpos(lower(${users.email}), ${text}) > 0`)!,
    );
  }
  if (f.roleId !== undefined) conditions.push(eq(users.roleId, f.roleId));
  if (f.centreId !== undefined) {
    conditions.push(f.centreId === null ? isNull(users.centreId) : eq(users.centreId, f.centreId));
  }
  if (f.status) conditions.push(eq(users.active, f.status === 'active'));
  return conditions;
}

/**
 * Live users by full name, case-insensitively (the expression of users_full_name_idx), narrowed by
 * the filter. A centre holds tens of users, not thousands: the list is read whole.
 */
export function listUsers(db: Executor, filter: UserFilter = {}): Promise<UserRow[]> {
  return selectUserRows(db)
    .where(and(live, ...filterConditions(filter)))
    .orderBy(fullName, asc(users.userId));
}

export async function findUser(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [row] = await selectUserRows(db).where(and(eq(users.userId, userId), live));
  return row;
}

/**
 * The stored role and centre of a live user, locked until the transaction ends so that a
 * concurrent change cannot slip between the check on them and the write.
 */
export async function lockUser(db: Executor, userId: number): Promise<UserValues | undefined> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleId: users.roleId,
      centreId: users.centreId,
      active: users.active,
    })
    .from(users)
    .where(and(eq(users.userId, userId), live))
    .for('update');
  return row;
}

export async function insertUser(db: Executor, values: UserValues & { locale: string }): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ userId: users.userId });
  return row!.userId;
}

export async function updateUser(
  db: Executor,
  userId: number,
  values: Partial<UserValues> & { home?: string | null; digest?: boolean; locale?: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.userId, userId), live));
}

/** Marks a live user deleted; false when there was none. */
export async function softDeleteUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.userId, userId), live))
    .returning({ userId: users.userId });
  return rows.length > 0;
}
