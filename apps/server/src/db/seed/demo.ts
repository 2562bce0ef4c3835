import { ROLE } from '@cairn/shared/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { centres } from '../schema/centres.ts';
import { users } from '../schema/users.ts';
import { hashPassword } from '../../lib/passwords.ts';

export const DEMO_PASSWORD = 'Demo-pass-1';

export const DEMO_USERS = [
  { email: 'admin@example.ca', firstName: 'Avery', lastName: 'Admin', roleId: ROLE.admin, centre: null },
  {
    email: 'coordinator@example.ca',
    firstName: 'Casey',
    lastName: 'Coordinator',
    roleId: ROLE.coordinator,
    centre: 0,
  },
  {
    email: 'coordinator2@example.ca',
    firstName: 'Morgan',
    lastName: 'Tremblay',
    roleId: ROLE.coordinator,
    centre: 1,
  },
  {
    email: 'reporter@example.ca',
    firstName: 'Riley',
    lastName: 'Reporter',
    roleId: ROLE.reporter,
    centre: 0,
  },
] as const;

const DEMO_CENTRES = [
  {
    name: 'Northern Lights Employment Centre',
    address: '120 Main Street',
    city: 'Thunder Bay',
    province: 'ON',
    postalCode: 'P7B1A1',
    phone: '807-555-0142',
  },
  {
    name: 'Prairie Pathways Training Centre',
    address: '45 Albert Street',
    city: 'Regina',
    province: 'SK',
    postalCode: 'S4P3Y2',
    phone: '306-555-0199',
  },
];

/** Demo centres and users, only into a database that has no users yet. Returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting on one empty server database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7262001)`);
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    if (count > 0) return false;
    const created = await tx.insert(centres).values(DEMO_CENTRES).returning({ centreId: centres.centreId });
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx.insert(users).values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        roleId: u.roleId,
        centreId: u.centre === null ? null : created[u.centre]!.centreId,
        passwordHash,
      })),
    );
    return true;
  });
}
