import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { jwtKeyring } from '../lib/jwt-keyring.ts';
import type { AccessTokens } from '../lib/access-tokens.ts';
import { myWorkTarget } from './bench-my-work.ts';
import { dashboardTargets, filteredListTargets, withReplicaDashboard } from './bench-reports.ts';
import { groupListQuery, listQuery, profileQuery } from './bench-sql.ts';
import type { Target } from './bench-target.ts';
import { rows } from './bench-users.ts';

/** What the calls are measured on: the database's size, its biggest centre, the profiles read. */
export interface TargetSetting {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  /** The clients in the database. */
  total: number;
  /** The biggest centre: the Coordinator's. */
  centreId: number;
  /** The clients whose profile is read. */
  profileIds: readonly number[];
  perPage: number;
  /** Whether a second app serves the reports from the replica. */
  withReplica: boolean;
}

/**
 * Every call `npm run bench` measures (bench.ts), each with the statements its SQL column runs:
 * the clients list (page 1, a search, a late page, a caseload, a report's filters), My work, the
 * profile with the audit trail on and off, the groups list and each report dashboard.
 */
export async function benchTargets(s: TargetSetting): Promise<Target[]> {
  const { db, total, perPage: PER_PAGE, profileIds } = s;
  const biggest = { centre_id: s.centreId };
  const latePage = Math.max(1, Math.ceil(total / PER_PAGE) - 1);
  const word = 'tremb';
  // A search with hundreds of matches in the Coordinator's centre and under the cap at 100,000
  // clients (234 in centre 1), as "tremb" has at 1,000,000 (322): the best read from the words'
  // index, not every match ranked.
  const manyMatches = 'pier';
  // The biggest caseload of the biggest centre (npm run seed:large assigns workers).
  const [caseload] = await rows<{ worker_id: number; clients: number }>(
    db,
    sql`SELECT worker_id, count(*)::int AS clients FROM clients
         WHERE centre_id = ${biggest.centre_id} AND worker_id IS NOT NULL
         GROUP BY worker_id ORDER BY count(*) DESC, worker_id LIMIT 1`,
  );
  return [
    {
      name: 'GET /api/clients (page 1 + total, Admin)',
      as: 'admin',
      paths: ['/api/clients'],
      queries: [listQuery({ centreId: null }, { word: null, perPage: PER_PAGE, page: 1 })],
      check: 'list',
      idKey: 'client_id',
      floor: true,
    },
    {
      name: 'GET /api/clients (page 1 + total, Coordinator)',
      as: 'coordinator',
      paths: ['/api/clients'],
      queries: [listQuery({ centreId: biggest.centre_id }, { word: null, perPage: PER_PAGE, page: 1 })],
      check: 'list',
      idKey: 'client_id',
    },
    {
      name: `GET /api/clients?s=${word} (Admin)`,
      as: 'admin',
      paths: [`/api/clients?s=${word}`],
      queries: [listQuery({ centreId: null }, { word, perPage: PER_PAGE, page: 1 })],
      check: 'list',
      idKey: 'client_id',
    },
    {
      name: `GET /api/clients?s=${word} (Coordinator)`,
      as: 'coordinator',
      paths: [`/api/clients?s=${word}`],
      queries: [listQuery({ centreId: biggest.centre_id }, { word, perPage: PER_PAGE, page: 1 })],
      check: 'list',
      idKey: 'client_id',
    },
    {
      name: `GET /api/clients?s=${manyMatches} (Coordinator)`,
      as: 'coordinator',
      paths: [`/api/clients?s=${manyMatches}`],
      queries: [
        listQuery({ centreId: biggest.centre_id }, { word: manyMatches, perPage: PER_PAGE, page: 1 }),
      ],
      check: 'list',
      idKey: 'client_id',
    },
    {
      name: `GET /api/clients?page=${latePage} (Admin)`,
      as: 'admin',
      paths: [`/api/clients?page=${latePage}`],
      queries: [listQuery({ centreId: null }, { word: null, perPage: PER_PAGE, page: latePage })],
      check: 'list',
      idKey: 'client_id',
    },
    // Issue 32: a Coordinator's own clients (`worker=me`, their default list), for the biggest
    // caseload of the biggest centre. The bench account is nobody's worker, so it asks for that
    // worker by id: the same statement as `me` (c.worker_id = the user), in the same scope.
    ...(caseload
      ? [
          {
            name: `GET /api/clients?worker=me (Coordinator, a caseload of ${caseload.clients.toLocaleString('en-CA')})`,
            as: 'coordinator' as const,
            paths: [`/api/clients?worker=${caseload.worker_id}`],
            queries: [
              listQuery(
                { centreId: biggest.centre_id },
                { word: null, perPage: PER_PAGE, page: 1, worker: caseload.worker_id },
              ),
            ],
            check: 'list' as const,
            idKey: 'client_id' as const,
          },
        ]
      : []),
    ...(await myWorkTarget(db, s.tokens, s.config, biggest.centre_id)),
    ...filteredListTargets(biggest.centre_id, PER_PAGE).map((t): Target => ({
      ...t,
      check: 'list',
      idKey: 'client_id',
    })),
    // The profile with the audit trail on and off (its cost is measured in slices, below).
    ...[false, true].map((trailOff): Target => ({
      name: `GET /api/clients/{id} (Admin, 1,000 ids${trailOff ? ', audit trail off' : ''})`,
      as: 'admin',
      paths: profileIds.map((id) => `/api/clients/${id}`),
      queries: profileIds.map((id) => profileQuery(id)),
      check: 'profile',
      idKey: 'client_id',
      // The floor has no trail: it stands beside the profile measured without one.
      ...(trailOff ? { trailOff, floor: true } : {}),
    })),
    {
      name: 'GET /api/groups (page 1 + total, Coordinator)',
      as: 'coordinator',
      paths: ['/api/groups'],
      queries: [groupListQuery({ centreId: biggest.centre_id }, { perPage: PER_PAGE, page: 1 })],
      check: 'list',
      idKey: 'group_id',
      floor: true,
    },
    // Reports: each dashboard for every centre and for the Coordinator's (Admin's link: the
    // data answer is public, the token its credential), over the last whole fiscal year.
    ...withReplicaDashboard(dashboardTargets(jwtKeyring(s.config), biggest.centre_id), s.withReplica).map(
      (d): Target => ({
        ...d,
        as: 'admin',
        check: 'dashboard',
        idKey: 'client_id',
      }),
    ),
  ];
}
