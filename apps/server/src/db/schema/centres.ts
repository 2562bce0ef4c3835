import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { provinces } from './reference.ts';
import { timestamps } from './timestamps.ts';

export const centres = pgTable(
  'centres',
  {
    centreId: integer('centre_id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 128 }).notNull(),
    address: varchar('address', { length: 128 }),
    city: varchar('city', { length: 64 }),
    province: char('province', { length: 2 }).references(() => provinces.code),
    postalCode: varchar('postal_code', { length: 6 }),
    phone: varchar('phone', { length: 15 }).notNull(),
    logo: text('logo'),
    ...timestamps(),
  },
  (t) => [
    // The centre list and every centre picker sort by name.
    index('centres_name_idx').on(sql`lower(${t.name})`, t.centreId),
  ],
);
