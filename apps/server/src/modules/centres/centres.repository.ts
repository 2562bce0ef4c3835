import { asc, and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { centres } from '../../db/schema/centres.ts';
import { users } from '../../db/schema/users.ts';

export interface CentreValues {
  name: string;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  phone: string;
  logo: string | null;
}

export type CentreRow = CentreValues & { centreId: number };

/** The foreign key by which users hold on to their centre (restrict: a centre in use stays). */
export const USERS_CENTRE_FK = 'users_centre_id_centres_centre_id_fk';

const columns = {
  centreId: centres.centreId,
  name: centres.name,
  address: centres.address,
  city: centres.city,
  province: centres.province,
  postalCode: centres.postalCode,
  phone: centres.phone,
  logo: centres.logo,
};

/** By name, case-insensitively: the expression of centres_name_idx. */
export function listCentres(db: Executor): Promise<CentreRow[]> {
  return db
    .select(columns)
    .from(centres)
    .orderBy(sql`lower(${centres.name})`, asc(centres.centreId));
}

export async function findCentre(db: Executor, centreId: number): Promise<CentreRow | undefined> {
  const [row] = await db.select(columns).from(centres).where(eq(centres.centreId, centreId));
  return row;
}

export async function insertCentre(db: Executor, values: CentreValues): Promise<CentreRow> {
  const [row] = await db.insert(centres).values(values).returning(columns);
  return row!;
}

export async function updateCentre(
  db: Executor,
  centreId: number,
  values: CentreValues,
): Promise<CentreRow | undefined> {
  const [row] = await db
    .update(centres)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(centres.centreId, centreId))
    .returning(columns);
  return row;
}

/** Deleted users keep no tie to a centre, so that it can be deleted after them. */
export async function detachDeletedUsers(db: Executor, centreId: number): Promise<void> {
  await db
    .update(users)
    .set({ centreId: null })
    .where(and(eq(users.centreId, centreId), isNotNull(users.deletedAt)));
}

/** Deletes a centre; false when there was none. Fails on a foreign key while anything uses it. */
export async function deleteCentre(db: Executor, centreId: number): Promise<boolean> {
  const rows = await db
    .delete(centres)
    .where(eq(centres.centreId, centreId))
    .returning({ centreId: centres.centreId });
  return rows.length > 0;
}
