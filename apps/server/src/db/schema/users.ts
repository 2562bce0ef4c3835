import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { HOME_PAGES } from '@cairn/shared/my-work.schemas';
import { FIRST_LOCALE, LOCALES } from '@cairn/shared/locales';
import { oneOf } from './checks.ts';
import { centres } from './centres.ts';
import { roles } from './reference.ts';
import { timestamps } from './timestamps.ts';

export const users = pgTable(
  'users',
  {
    userId: integer('user_id').primaryKey().generatedByDefaultAsIdentity(),
    firstName: varchar('first_name', { length: 128 }).notNull(),
    lastName: varchar('last_name', { length: 128 }).notNull(),
    email: varchar('email', { length: 128 }).notNull(),
    /** Null until the invited user sets a password. */
    passwordHash: text('password_hash'),
    centreId: integer('centre_id').references(() => centres.centreId, { onDelete: 'restrict' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId),
    /** Carried in access tokens; raised on password change and reset so older tokens are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** False once an Admin deactivates the account: no sign-in, no session, the records keep the name. */
    active: boolean('active').notNull().default(true),
    /** The last successful sign-in; null when the user never signed in. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The page the user chose to open first (issue 32: `clients`, `my_work`); null: the role's default. */
    home: varchar('home', { length: 16 }),
    /** Whether the user gets My work's weekly email; off unless they turn it on. */
    digest: boolean('digest').notNull().default(false),
    /** The language the user works in (issue 34): `en` or `fr`. */
    locale: varchar('locale', { length: 2 }).notNull().default(FIRST_LOCALE),
    ...timestamps(),
    /** Users are kept after deletion so that records they wrote still name their author. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('users_home_ck', oneOf(t.home, HOME_PAGES)),
    check('users_locale_ck', oneOf(t.locale, LOCALES)),
    // Sign-in looks users up by email, case-insensitively; one live account per address.
    uniqueIndex('users_email_live_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    // The user list sorts by full name.
    index('users_full_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    // Deleting a centre checks for its users.
    index('users_centre_idx').on(t.centreId),
  ],
);
