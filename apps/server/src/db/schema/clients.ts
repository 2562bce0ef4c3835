import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { CITIZENSHIPS, GENDERS, PLAN_STATUSES, RESERVES, STATUS_TYPES, YES_NO } from '@cairn/shared/enums';
import { centres } from './centres.ts';
import { oneOf } from './checks.ts';
import { provinces } from './reference.ts';
import { authored } from './authored.ts';
import { users } from './users.ts';

export const clients = pgTable(
  'clients',
  {
    clientId: integer('client_id').primaryKey().generatedByDefaultAsIdentity(),
    centreId: integer('centre_id')
      .notNull()
      .references(() => centres.centreId, { onDelete: 'restrict' }),
    firstName: varchar('first_name', { length: 64 }).notNull(),
    middleName: varchar('middle_name', { length: 64 }),
    lastName: varchar('last_name', { length: 64 }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: varchar('gender', { length: 16 }),
    email: varchar('email', { length: 128 }),
    phone: varchar('phone', { length: 32 }),
    address: varchar('address', { length: 128 }),
    city: varchar('city', { length: 64 }),
    province: char('province', { length: 2 }).references(() => provinces.code),
    postalCode: varchar('postal_code', { length: 6 }),
    /** AES-256-GCM ciphertext of the SIN (iv, tag and ciphertext, base64). */
    sinEncrypted: text('sin_encrypted'),
    /** Keyed hash (HMAC-SHA-256) of the SIN: equality look-ups without decrypting. */
    sinHash: varchar('sin_hash', { length: 64 }),
    sinLast3: char('sin_last3', { length: 3 }),
    languageSpoken: varchar('language_spoken', { length: 64 }),
    maritalStatus: varchar('marital_status', { length: 16 }),
    numberDependents: smallint('number_dependents'),
    youthInCare: varchar('youth_in_care', { length: 3 }),
    nation: varchar('nation', { length: 64 }),
    disability: varchar('disability', { length: 3 }),
    citizenship: varchar('citizenship', { length: 32 }),
    highestEducation: varchar('highest_education', { length: 32 }),
    indigenous: varchar('indigenous', { length: 3 }),
    statusType: varchar('status_type', { length: 32 }),
    reserve: varchar('reserve', { length: 16 }),
    indigenousLanguage: varchar('indigenous_language', { length: 64 }),
    statusNumber: varchar('status_number', { length: 32 }),
    consent: boolean('consent').notNull().default(false),
    /** Spec §3 missing-information flag, computed on every save by the shared rule. */
    missingInfo: boolean('missing_info').notNull(),
    /** Names, email and phone digits, lower case without accents: what the list searches (via client_search). */
    searchText: text('search_text').notNull(),
    /** First and last name normalised (clientNameKey): the duplicate check and the name sort use it. */
    nameKey: text('name_key').notNull(),
    /**
     * The duplicate finder's forms (issue 31, shared duplicate-rules.ts, written with name_key):
     * given and family names lower case, letters only; the given name with nicknames resolved;
     * the phone's digits. The candidate pairs of client_duplicate_pairs are found through them.
     */
    matchGiven: text('match_given').notNull().default(''),
    matchFirst: text('match_first').notNull().default(''),
    matchFamily: text('match_family').notNull().default(''),
    matchPhone: text('match_phone').notNull().default(''),
    /** Status of the client's newest plan, kept by a trigger on plans. */
    recentPlanStatus: varchar('recent_plan_status', { length: 8 }),
    /**
     * The assigned worker (issue 32, caseloads): an active Coordinator of the client's centre, or
     * null. Cleared when the worker is deactivated, deleted, or leaves the role or the centre.
     */
    workerId: integer('worker_id').references(() => users.userId, { onDelete: 'set null' }),
    ...authored(),
  },
  (t) => [
    check('clients_gender_ck', oneOf(t.gender, GENDERS)),
    check('clients_disability_ck', oneOf(t.disability, YES_NO)),
    check('clients_indigenous_ck', oneOf(t.indigenous, YES_NO)),
    check('clients_youth_in_care_ck', oneOf(t.youthInCare, YES_NO)),
    check('clients_citizenship_ck', oneOf(t.citizenship, CITIZENSHIPS)),
    check('clients_status_type_ck', oneOf(t.statusType, STATUS_TYPES)),
    check('clients_reserve_ck', oneOf(t.reserve, RESERVES)),
    check('clients_dependents_ck', sql`${t.numberDependents} between 0 and 99`),
    check('clients_recent_plan_status_ck', oneOf(t.recentPlanStatus, PLAN_STATUSES)),
    // The list sorts hold its whole order, ties broken by name then id (clients-list.repository.ts
    // listClientsSql), so a page is read from the index in order instead of sorting every client.
    // The default list: newest changes first, for an Admin across centres…
    index('clients_updated_idx').on(t.updatedAt.desc(), t.nameKey.desc(), t.clientId.desc()),
    // …and for a Coordinator within one centre; also serves centre scoping and the centre delete check.
    index('clients_centre_updated_idx').on(
      t.centreId,
      t.updatedAt.desc(),
      t.nameKey.desc(),
      t.clientId.desc(),
    ),
    // By name (name_key: no case, no accents), across centres and within one; also serves the
    // duplicate warning's equality on name_key, and the centre sort within each centre.
    index('clients_name_key_sort_idx').on(t.nameKey, t.clientId),
    index('clients_centre_name_key_sort_idx').on(t.centreId, t.nameKey, t.clientId),
    // Sorting by email, phone and plan status, across centres and within one.
    index('clients_email_idx').on(t.email, t.nameKey, t.clientId),
    index('clients_centre_email_idx').on(t.centreId, t.email, t.nameKey, t.clientId),
    index('clients_phone_idx').on(t.phone, t.nameKey, t.clientId),
    index('clients_centre_phone_idx').on(t.centreId, t.phone, t.nameKey, t.clientId),
    index('clients_status_idx').on(t.recentPlanStatus, t.nameKey, t.clientId),
    index('clients_centre_status_idx').on(t.centreId, t.recentPlanStatus, t.nameKey, t.clientId),
    // A worker's clients (the list's `worker=me` and `worker={id}`) and a centre's unassigned ones
    // (`worker=none`), newest changes first as the default list: within one centre the page is read
    // from the index in order; the total counts the worker's entries alone (index-only). Also
    // serves reassigning a worker's clients and the users foreign key. The missing-information flag
    // last: My work counts and pages a worker's clients missing information from the index alone
    // (migration 0040).
    index('clients_worker_updated_idx').on(
      t.workerId,
      t.centreId,
      t.updatedAt.desc(),
      t.nameKey.desc(),
      t.clientId.desc(),
      t.missingInfo,
    ),
    // The duplicate warning's other rule: the same SIN.
    index('clients_sin_hash_idx').on(t.sinHash),
    // Reports: the clients whose intake falls in a range, across centres and within one
    // (the clients dashboard's new clients, the ministry summary's).
    index('clients_created_idx').on(t.createdAt),
    // The duplicate finder's look-ups (client_duplicate_candidates, migration 0032). The date of
    // birth with a name's initial (migration 0047): the block of a date and an initial reads its
    // few clients, not every client born that day (tens at 1,000,000 clients).
    index('clients_dob_family_initial_idx').on(t.dateOfBirth, sql`left(${t.matchFamily}, 1)`),
    index('clients_dob_first_initial_idx').on(t.dateOfBirth, sql`left(${t.matchFirst}, 1)`),
    // The family name with the date, then the first name (migration 0051): the block of a name
    // without a date reads that name's clients, not every client of the family without a date.
    index('clients_match_family_dob_first_idx').on(t.matchFamily, t.dateOfBirth, t.matchFirst),
    index('clients_match_first_dob_idx').on(t.matchFirst, t.dateOfBirth),
    index('clients_match_phone_idx').on(t.matchPhone),
    index('clients_email_lower_idx').on(sql`lower(${t.email})`),
    index('clients_centre_created_idx').on(t.centreId, t.createdAt),
  ],
);

/** Clients per centre, kept by triggers: the list's total without counting 100,000 rows. */
export const centreClientCounts = pgTable('centre_client_counts', {
  centreId: integer('centre_id')
    .primaryKey()
    .references(() => centres.centreId, { onDelete: 'cascade' }),
  clients: integer('clients').notNull().default(0),
});

/**
 * Clients per centre and day of their last change (UTC), kept by triggers (migration 0043): where
 * a deep page of the list by last change begins, without counting every client before it
 * (clients-list.repository.ts).
 */
export const clientUpdateDays = pgTable(
  'client_update_days',
  {
    centreId: integer('centre_id')
      .notNull()
      .references(() => centres.centreId, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    clients: integer('clients').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.centreId, t.day] }),
    // Every centre's days in order: an Admin's list.
    index('client_update_days_day_idx').on(t.day, t.centreId, t.clients),
  ],
);

/**
 * What a client search reads, kept by triggers from clients: the search text with its trigram
 * index, and the scope and sort values of the common sorts. A search rechecks every candidate
 * row, and these rows are a seventh of a client row's size, so a search visits far fewer pages.
 */
export const clientSearch = pgTable(
  'client_search',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    centreId: integer('centre_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    nameKey: text('name_key').notNull(),
    searchText: text('search_text').notNull(),
  },
  (t) => [
    // Substring search over names, email and phone (pg_trgm), led by the centre (btree_gin): a
    // Coordinator's search reads its own centre's candidates only, an Admin's every centre's.
    index('client_search_centre_trgm_idx').using('gin', t.centreId, sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The words of each client's search text (client_search), kept by triggers from clients
 * (migration 0042): what a search's best matches come from. A client whose words begin with every
 * word searched is among the best matches, read in the order of this index (word, then name)
 * without reading every match (clients-search.repository.ts).
 */
export const clientSearchWords = pgTable(
  'client_search_words',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    centreId: integer('centre_id').notNull(),
    nameKey: text('name_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.word] }),
    // Byte order ("C"), so that the words beginning with a prefix are one range of the index.
    index('client_search_words_word_idx').on(sql`${t.word} COLLATE "C"`, t.nameKey, t.clientId, t.centreId),
  ],
);
