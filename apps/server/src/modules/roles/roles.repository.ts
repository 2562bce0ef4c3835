import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { roles } from '../../db/schema/reference.ts';

export function listRoles(db: Executor) {
  return db.select({ role_id: roles.roleId, title: roles.title }).from(roles).orderBy(asc(roles.roleId));
}
