import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { centres } from './centres.ts';
import { clients } from './clients.ts';
import { authored } from './authored.ts';

export const groups = pgTable(
  'groups',
  {
    groupId: integer('group_id').primaryKey().generatedByDefaultAsIdentity(),
    centreId: integer('centre_id').references(() => centres.centreId, { onDelete: 'restrict' }),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 128 }),
    ...authored(),
  },
  (t) => [
    // The group list: newest first within a centre.
    index('groups_centre_created_idx').on(t.centreId, t.createdAt.desc()),
  ],
);

export const groupClients = pgTable(
  'group_clients',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.groupId, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.clientId] }),
    // A client's groups, for the profile's side menu.
    index('group_clients_client_idx').on(t.clientId),
  ],
);
