import { getTableColumns, sql } from 'drizzle-orm';
import type { ClientDataCrypto } from '../../lib/client-data-crypto.ts';
import type { Executor } from '../database.ts';
import { clients } from '../schema/clients.ts';
import { fakeClient, fakeClientValues, type ClientInsert } from './fake-clients.ts';
import type { Rng } from './fake-data.ts';
import { LARGE_NAMES } from './fake-names.ts';
import { pickCentre, type LargeCentre } from './large-centres.ts';
import { DAY, planCount, planOpen } from './large-sql.ts';

/** Clients nobody is assigned: arrived since a worker left, or waiting for one. */
const UNASSIGNED_SHARE = 0.12;
/** Clients arrived over the last six years, more of them recently. */
const HISTORY_DAYS = 6 * 365;

/** `count` generated clients, as rows ready to insert. */
export function buildClientBatch(
  rng: Rng,
  list: readonly LargeCentre[],
  crypto: ClientDataCrypto,
  now: Date,
  count: number,
): ClientInsert[] {
  const rows: ClientInsert[] = [];
  for (let i = 0; i < count; i++) {
    const centre = pickCentre(rng, list);
    const ageDays = Math.floor(HISTORY_DAYS * Math.pow(rng.next(), 1.6));
    const createdAt = new Date(now.getTime() - ageDays * DAY - rng.int(0, 86_399) * 1000);
    // A third were edited recently; the rest somewhere since they arrived.
    const editedAgo = rng.chance(0.3) ? rng.next() * Math.min(ageDays, 90) : rng.next() * ageDays;
    const updatedAt = new Date(Math.max(createdAt.getTime(), now.getTime() - editedAgo * DAY));
    // Most clients have one of their centre's workers; some none (issue 32).
    const workerId =
      centre.workers.length > 0 && !rng.chance(UNASSIGNED_SHARE) ? rng.pick(centre.workers) : null;
    rows.push({
      ...fakeClientValues(fakeClient(rng, centre.locale, now, { names: LARGE_NAMES }), crypto, {
        centreId: centre.centreId,
        createdBy: centre.createdBy,
        createdAt,
        updatedAt,
      }),
      workerId,
    });
  }
  return rows;
}

const CLIENT_COLUMNS = Object.entries(getTableColumns(clients)).filter(([key]) => key !== 'clientId');

/**
 * Inserts many clients in one statement: the rows travel as one JSON parameter (no limit on
 * bound parameters, and the same statement on both drivers). Answers the new ids' range. With
 * `planStatus`, each client's `recent_plan_status` is written as insertPlansFor's plans will leave
 * it (the last plan is the latest), so the plans' trigger (0009), or the seed's build of it
 * without triggers (large-derived.ts), need not rewrite every client row and its 22 index entries.
 */
export async function insertClientBatch(
  db: Executor,
  rows: readonly ClientInsert[],
  options: { planStatus?: boolean } = {},
): Promise<{ first: number; last: number }> {
  const json = rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const [key, column] of CLIENT_COLUMNS) {
      const v = r[key as keyof ClientInsert];
      if (v !== undefined) o[column.name] = v;
    }
    return o;
  });
  const others = CLIENT_COLUMNS.filter(([, c]) => c.name !== 'recent_plan_status');
  const names = sql.raw(others.map(([, c]) => `"${c.name}"`).join(', '));
  const status = options.planStatus
    ? sql`CASE WHEN k = 0 THEN NULL WHEN ${planOpen(sql`new_id`, sql`k`, sql`k`)} THEN 'Open' ELSE 'Closed' END`
    : sql`recent_plan_status`;
  const result = await db.execute(sql`
    WITH rows AS (
      -- The ids taken here, in the rows' order, so the status can be read from them.
      SELECT nextval(pg_get_serial_sequence('clients', 'client_id'))::int AS new_id, j.*
        FROM json_populate_recordset(NULL::clients, ${JSON.stringify(json)}::json) j
    ), added AS (
      INSERT INTO clients (client_id, ${names}, recent_plan_status)
      SELECT new_id, ${names}, ${status}
        FROM (SELECT rows.*, ${planCount(sql`new_id`)} AS k FROM rows) r
      RETURNING client_id
    )
    SELECT min(client_id)::int AS first, max(client_id)::int AS last FROM added`);
  const [row] = (result as unknown as { rows: Array<{ first: number; last: number }> }).rows;
  return row!;
}
