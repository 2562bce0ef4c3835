import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/database.ts';

/** A user the weekly email goes to. */
export interface DigestRecipient {
  user_id: number;
  first_name: string;
  email: string;
  centre_id: number | null;
  /** The user's language: the email is written in it (issue 34). */
  locale: string;
}

/** Live, active users of `roles` who turned the weekly email on, by id. */
export function digestRecipients(db: Executor, roles: readonly number[]): Promise<DigestRecipient[]> {
  return selectRows<DigestRecipient>(
    db,
    sql`SELECT u.user_id, u.first_name, u.email, u.centre_id, u.locale FROM users u
         WHERE u.digest AND u.active AND u.deleted_at IS NULL
           AND u.role_id = ANY (${`{${roles.join(',')}}`}::int[])
         ORDER BY u.user_id`,
  );
}

/**
 * Claims the week's email of a user: true for the first claim of that user and week, in any
 * process (the primary key decides), false when it was claimed already.
 */
export async function claimDigest(db: Executor, userId: number, week: string): Promise<boolean> {
  const rows = await selectRows<{ user_id: number }>(
    db,
    sql`INSERT INTO my_work_digests (user_id, week) VALUES (${userId}, ${week}::date)
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return rows.length > 0;
}

/** Gives a week's claim back (its email could not be sent), so the next run tries again. */
export async function releaseDigest(db: Executor, userId: number, week: string): Promise<void> {
  await db.execute(sql`DELETE FROM my_work_digests WHERE user_id = ${userId} AND week = ${week}::date`);
}

/** Removes the claims of weeks before `week`: they can never be claimed again. */
export async function dropDigestsBefore(db: Executor, week: string): Promise<void> {
  await db.execute(sql`DELETE FROM my_work_digests WHERE week < ${week}::date`);
}
