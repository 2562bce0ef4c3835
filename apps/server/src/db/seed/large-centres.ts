import { and, eq, isNull } from 'drizzle-orm';
import { ROLE } from '@cairn/shared/roles';
import type { Db } from '../database.ts';
import { centres } from '../schema/centres.ts';
import { users } from '../schema/users.ts';
import {
  fakePhone,
  fakePostalCode,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  LOCALES,
  MALE_FIRST_NAMES,
  type Locale,
  type Rng,
} from './fake-data.ts';

/**
 * Ten centres across Canada, the first two being the demo centres, each with its share of the
 * clients (percent): real centres differ in size.
 */
export const LARGE_CENTRES: ReadonlyArray<{ name: string; locale: Locale; share: number }> = [
  { name: 'Northern Lights Employment Centre', locale: LOCALES.thunderBay!, share: 14 },
  { name: 'Prairie Pathways Training Centre', locale: LOCALES.regina!, share: 12 },
  { name: 'Red River Career Connections', locale: LOCALES.winnipeg!, share: 11 },
  { name: 'Bow Valley Skills Hub', locale: LOCALES.calgary!, share: 10 },
  { name: 'Fraser Valley Employment Services', locale: LOCALES.abbotsford!, share: 10 },
  { name: 'Saint John Works', locale: LOCALES.saintJohn!, share: 10 },
  { name: 'Harbourfront Career Centre', locale: LOCALES.halifax!, share: 9 },
  { name: "Centre d'emploi de l'Outaouais", locale: LOCALES.gatineau!, share: 8 },
  { name: 'Great Slave Skills Centre', locale: LOCALES.yellowknife!, share: 8 },
  { name: 'Nickel Belt Employment Centre', locale: LOCALES.sudbury!, share: 8 },
];

export interface LargeCentre {
  centreId: number;
  locale: Locale;
  share: number;
  /** Who the generated records say wrote them: the centre's first Coordinator, if any. */
  createdBy: number | null;
  /** The centre's active Coordinators: the workers its clients are assigned (issue 32). */
  workers: number[];
}

/** Coordinators per percent of the clients a centre holds: about 28 in the biggest centre. */
const WORKERS_PER_SHARE = 2;

/**
 * The centre's active Coordinators, made up to `wanted` with invited ones (no password: nobody
 * signs in as them), so caseloads are as many as a centre of its size has.
 */
async function ensureWorkers(db: Db, rng: Rng, centreId: number, wanted: number): Promise<number[]> {
  const live = and(
    eq(users.centreId, centreId),
    eq(users.roleId, ROLE.coordinator),
    eq(users.active, true),
    isNull(users.deletedAt),
  );
  const found = await db.select({ userId: users.userId }).from(users).where(live).orderBy(users.userId);
  const made = [];
  for (let n = found.length; n < wanted; n++) {
    made.push({
      firstName: rng.pick(rng.chance(0.5) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES),
      lastName: rng.pick(LAST_NAMES),
      email: `worker${n + 1}.centre${centreId}@seed.cairn.example`,
      centreId,
      roleId: ROLE.coordinator,
    });
  }
  if (made.length > 0) await db.insert(users).values(made).onConflictDoNothing();
  const all = await db.select({ userId: users.userId }).from(users).where(live).orderBy(users.userId);
  return all.map((u) => u.userId);
}

/** The ten centres, found by name or created; with each one's first live Coordinator. */
export async function ensureLargeCentres(db: Db, rng: Rng): Promise<LargeCentre[]> {
  const out: LargeCentre[] = [];
  for (const c of LARGE_CENTRES) {
    const [found] = await db
      .select({ centreId: centres.centreId })
      .from(centres)
      .where(eq(centres.name, c.name))
      .limit(1);
    const centreId =
      found?.centreId ??
      (
        await db
          .insert(centres)
          .values({
            name: c.name,
            address: `${rng.int(10, 999)} ${rng.pick(c.locale.streets)}`,
            city: c.locale.city,
            province: c.locale.province,
            postalCode: fakePostalCode(rng, rng.pick(c.locale.fsas)),
            phone: fakePhone(rng, c.locale.areaCode),
          })
          .returning({ centreId: centres.centreId })
      )[0]!.centreId;
    const [coordinator] = await db
      .select({ userId: users.userId })
      .from(users)
      .where(and(eq(users.centreId, centreId), eq(users.roleId, ROLE.coordinator), isNull(users.deletedAt)))
      .orderBy(users.userId)
      .limit(1);
    const workers = await ensureWorkers(db, rng, centreId, c.share * WORKERS_PER_SHARE);
    out.push({ centreId, locale: c.locale, share: c.share, createdBy: coordinator?.userId ?? null, workers });
  }
  return out;
}

/** A centre for a new client, drawn by the centres' shares. */
export function pickCentre(rng: Rng, list: readonly LargeCentre[]): LargeCentre {
  const total = list.reduce((s, c) => s + c.share, 0);
  let r = rng.next() * total;
  for (const c of list) {
    r -= c.share;
    if (r < 0) return c;
  }
  return list[list.length - 1]!;
}
