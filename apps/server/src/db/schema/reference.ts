import { char, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  roleId: integer('role_id').primaryKey(),
  title: varchar('title', { length: 32 }).notNull().unique(),
});

export const provinces = pgTable('provinces', {
  code: char('code', { length: 2 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
});
