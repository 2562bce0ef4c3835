import { seedDemoFollowUps } from './demo-follow-ups.ts';
import { todayIso } from '@cairn/shared/dates';
import { PLAN_STATUSES } from '@cairn/shared/enums';
import { ROLE } from '@cairn/shared/roles';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import type { Db, Executor } from '../database.ts';
import { clients } from '../schema/clients.ts';
import { groupClients, groups } from '../schema/groups.ts';
import { clientInteractions } from '../schema/interactions.ts';
import { plans } from '../schema/plans.ts';
import { stories } from '../schema/stories.ts';
import { users } from '../schema/users.ts';
import { DEMO_USERS } from './demo.ts';
import { fakeClient, fakeClientValues, type FakeClientChoices } from './fake-clients.ts';
import { createRng, GROUPS, isoDaysBefore, LOCALES, type Locale, type Rng } from './fake-data.ts';
import { fakePlanRecords, fakeStory, type FakeOutcome } from './fake-plan-records.ts';
import { fakeInteractions, fakePlans, type FakePlan } from './fake-records.ts';
import { insertPlanRecords, loadCatalogueIds, type CatalogueIds } from './plan-records-seed.ts';

type DemoPerson = Required<
  Pick<FakeClientChoices, 'first_name' | 'last_name' | 'gender' | 'language' | 'ancestry'>
>;

type Gender = DemoPerson['gender'];
const F = 'Female';
const M = 'Male';
const person = (first_name: string, last_name: string, gender: Gender): DemoPerson => ({
  first_name,
  last_name,
  gender,
  ancestry: 'No',
  language: null,
});
const indigenous = (first: string, last: string, gender: Gender, ancestry: DemoPerson['ancestry']) => ({
  ...person(first, last, gender),
  ancestry,
});
const newcomer = (first: string, last: string, gender: Gender, language: string) => ({
  ...person(first, last, gender),
  language,
});

/** The people of each demo centre, in the order of the demo Coordinators' centres. */
const DEMO_PEOPLE: ReadonlyArray<{ locale: Locale; people: DemoPerson[] }> = [
  {
    locale: LOCALES.thunderBay!,
    people: [
      person('Émilie', 'Gagnon', F),
      indigenous('Tanis', 'Redsky', F, 'Status First Nation'),
      indigenous('Joseph', 'Kakegamic', M, 'Status First Nation'),
      person('Marie-Ève', 'Côté', F),
      newcomer('Harpreet', 'Sandhu', F, 'Punjabi'),
      person('Liam', "O'Brien", M),
      indigenous('Cheyenne', 'Fiddler', F, 'Status First Nation'),
      newcomer('Wei', 'Chen', M, 'Mandarin'),
      person('François', 'Bélanger', M),
      indigenous('Sarah', 'Meekis', F, 'Non-status First Nation'),
      newcomer('Dmytro', 'Kovalenko', M, 'Ukrainian'),
      person('Olivia', 'MacDonald', F),
      indigenous('Cody', 'Morningstar', M, 'Status First Nation'),
      newcomer('Fatima', 'Haddad', F, 'Arabic'),
      person('Ethan', 'Thompson', M),
      indigenous('Kateri', 'Nanibush', F, 'Métis'),
      person('Lucas', 'Tremblay', M),
      newcomer('Maria', 'Santos', F, 'Tagalog'),
      indigenous('Jesse', 'Keeshig', M, 'Status First Nation'),
      person('Hannah', 'Wilson', F),
    ],
  },
  {
    locale: LOCALES.regina!,
    people: [
      indigenous('Winona', 'Starblanket', F, 'Status First Nation'),
      indigenous('Gabriel', 'Desjarlais', M, 'Métis'),
      person('Chloé', 'Lévesque', F),
      newcomer('Arjun', 'Patel', M, 'Gujarati'),
      indigenous('Skye', 'Bighetty', F, 'Status First Nation'),
      person('Tyler', 'Anderson', M),
      newcomer('Amira', 'Khan', F, 'Urdu'),
      indigenous('Wade', 'Okemaw', M, 'Non-status First Nation'),
      indigenous('Noémie', 'Fleury', F, 'Métis'),
      newcomer('Oksana', 'Shevchenko', F, 'Ukrainian'),
      indigenous('Pauloosie', 'Akpaliapik', M, 'Inuit'),
      person('Jessica', 'Campbell', F),
      newcomer('Miguel', 'Reyes', M, 'Spanish'),
      indigenous('Autumn', 'Littlechief', F, 'Status First Nation'),
      person('Owen', 'Fraser', M),
      newcomer('Mei', 'Wong', F, 'Cantonese'),
      indigenous('Shane', 'Cardinal', M, 'Status First Nation'),
      person('Geneviève', 'Leclerc', F),
      newcomer('Omar', 'Ali', M, 'Arabic'),
      indigenous('Brooke', 'Sinclair', F, 'Métis'),
    ],
  },
];

/** How many clients the demo seed makes. */
export const DEMO_CLIENT_COUNT = DEMO_PEOPLE.reduce((n, c) => n + c.people.length, 0);

/** Fixed, so the demo looks the same on every machine (dates move with the day it is seeded). */
const DEMO_SEED = 20240611;

/**
 * The demo centres and their Coordinators, found through the demo Coordinators' accounts (one per
 * demo centre, in the order of DEMO_PEOPLE); null when they are gone.
 */
async function demoCentres(db: Executor): Promise<Array<{ centreId: number; coordinatorId: number }> | null> {
  const emails = [DEMO_USERS[1].email, DEMO_USERS[2].email];
  const rows = await db
    .select({ userId: users.userId, centreId: users.centreId, email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.roleId, ROLE.coordinator), isNull(users.deletedAt)));
  const found = emails.map((e) => rows.find((r) => r.email === e));
  if (found.some((r) => !r || r.centreId === null)) return null;
  return found.map((r) => ({ centreId: r!.centreId!, coordinatorId: r!.userId }));
}

function daysAgo(now: Date, days: number, rng: Rng): Date {
  return new Date(now.getTime() - days * 86_400_000 - rng.int(0, 8 * 3600) * 1000);
}

/** Whole days from a YYYY-MM-DD date to today. */
function ageOf(now: Date, date: string): number {
  return Math.round((Date.parse(todayIso(now)) - Date.parse(date)) / 86_400_000);
}

/**
 * A client's plans, oldest first, each with its barriers, supports, trainings, spending, notes
 * and, when Closed, its outcome. Answers the outcomes, for the success stories they lead to.
 */
async function insertDemoPlans(
  tx: Executor,
  rng: Rng,
  now: Date,
  catalogue: CatalogueIds,
  rows: readonly FakePlan[],
  clientId: number,
  createdBy: number,
): Promise<FakeOutcome[]> {
  const ended: FakeOutcome[] = [];
  for (const [n, plan] of rows.entries()) {
    const [made] = await tx
      .insert(plans)
      .values({ ...plan, clientId, createdBy })
      .returning({ planId: plans.planId });
    const next = rows[n + 1];
    const records = fakePlanRecords(rng, now, {
      startAgo: ageOf(now, plan.date),
      endAgo: next ? ageOf(now, next.date) : 0,
      closed: plan.status === 'Closed',
    });
    await insertPlanRecords(tx, made!.planId, createdBy, records, catalogue);
    if (records.outcome) ended.push(records.outcome);
  }
  return ended;
}

/**
 * About forty demo clients over the two demo centres, with plans (and what they hold), success
 * stories, groups and interactions, into a database whose demo users were just seeded. Does
 * nothing when the demo centres are gone or any client exists. Returns the number of clients made.
 */
export async function seedDemoClients(db: Db, crypto: ClientDataCrypto, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7262002)`);
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(clients)) as [
      { count: number },
    ];
    const centres = await demoCentres(tx);
    if (count > 0 || !centres) return 0;
    const rng = createRng(DEMO_SEED);
    // Plan records draw from their own sequence, so the clients stay as they were without them.
    const recordsRng = createRng(DEMO_SEED + 1);
    const catalogue = await loadCatalogueIds(tx);
    let made = 0;

    for (const [c, { locale, people }] of DEMO_PEOPLE.entries()) {
      const { centreId, coordinatorId: createdBy } = centres[c]!;
      const ids: number[] = [];
      for (const [i, who] of people.entries()) {
        // Every fifth client misses required answers, so the red flag shows on the first page.
        const answers = fakeClient(rng, locale, now, { ...who, incomplete: i % 5 === 2, sin: i % 3 !== 1 });
        const createdDays = rng.int(20, 420);
        const createdAt = daysAgo(now, createdDays, rng);
        const [row] = await tx
          .insert(clients)
          .values({
            ...fakeClientValues(answers, crypto, {
              centreId,
              createdBy,
              createdAt,
              updatedAt: new Date(
                Math.max(createdAt.getTime(), daysAgo(now, rng.int(0, createdDays), rng).getTime()),
              ),
            }),
            // The centre's Coordinator is the worker of most (issue 32); every seventh waits for one.
            workerId: i % 7 === 6 ? null : createdBy,
          })
          .returning({ clientId: clients.clientId });
        const clientId = row!.clientId;
        ids.push(clientId);
        made += 1;

        // Two clients in three have a plan; some have an older, closed one before it.
        const planCount = i % 3 === 2 ? 0 : i % 4 === 0 ? 2 : 1;
        const planRows = fakePlans(
          rng,
          now,
          createdDays,
          planCount,
          rng.chance(0.6) ? PLAN_STATUSES[0] : PLAN_STATUSES[1],
        );
        const outcomes = await insertDemoPlans(tx, recordsRng, now, catalogue, planRows, clientId, createdBy);
        // Most clients who found work have their success written up, a little after the outcome.
        for (const o of outcomes) {
          const working = o.postProgramStatus === 'Employed' || o.postProgramStatus === 'Self-employed';
          if (!working || !recordsRng.chance(0.75)) continue;
          await tx.insert(stories).values({
            clientId,
            date: isoDaysBefore(now, Math.max(0, ageOf(now, o.date) - recordsRng.int(3, 40))),
            writeup: fakeStory(recordsRng, answers.first_name, o.jobTitle),
            createdBy,
          });
        }

        const records = fakeInteractions(rng, now, Math.min(createdDays, 180), rng.int(0, 12));
        if (records.length)
          await tx.insert(clientInteractions).values(records.map((r) => ({ ...r, clientId, createdBy })));
      }

      // Two groups per centre, of four to seven members each.
      for (let g = 0; g < 2; g++) {
        const created = daysAgo(now, rng.int(10, 120), rng);
        const [group] = await tx
          .insert(groups)
          .values({
            centreId,
            ...GROUPS[c * 2 + g]!,
            createdBy,
            createdAt: created,
            updatedAt: created,
          })
          .returning({ groupId: groups.groupId });
        const members = new Set<number>();
        const size = rng.int(4, 7);
        while (members.size < size) members.add(rng.pick(ids));
        await tx
          .insert(groupClients)
          .values([...members].map((clientId) => ({ groupId: group!.groupId, clientId, addedAt: created })));
      }
    }
    await seedDemoFollowUps(tx, now);
    return made;
  });
}
