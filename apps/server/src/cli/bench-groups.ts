/**
 * The group bulk actions at their largest usual size: a group of 200 clients, each with an open
 * plan, gets interactions, a support and a training, one request at a time. Each action is timed
 * through the API (HTTP, validation, the Idempotency-Key's claim, the service) and then as the same
 * service call straight on the database (the same transaction and statements, without HTTP), so
 * the table shows what the request adds to the database's work. Every run writes real rows (a new
 * 'Other' name each time, so nothing is left out as a repeat); they are removed at the end.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ROLE } from '@cairn/shared/roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { Actor } from '../plugins/auth.ts';
import * as bulk from '../modules/groups/group-bulk.service.ts';

export const BULK_MEMBERS = 200;
const MARK = 'Bench bulk';

export interface BulkRow {
  name: string;
  runs: number;
  rows: number;
  api: { p50: number; max: number };
  direct: { p50: number; max: number };
}

interface Setup {
  db: Db;
  baseUrl: string;
  token: string;
  coordinator: { userId: number; centreId: number };
  runs: number;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function summary(times: number[]): { p50: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: sorted[Math.ceil(sorted.length / 2) - 1]!, max: sorted[sorted.length - 1]! };
}

async function post(s: Setup, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${s.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Times `runs` API calls, then `runs` direct service calls, each with a body of its run number. */
async function timeBoth(
  s: Setup,
  name: string,
  path: string,
  direct: (body: never) => Promise<{ added: number }>,
  bodyOf: (run: number) => unknown,
): Promise<BulkRow> {
  const api: number[] = [];
  const straight: number[] = [];
  let added = 0;
  for (let run = 0; run < s.runs; run++) {
    const t0 = performance.now();
    added = ((await post(s, path, bodyOf(run))) as { added: number }).added;
    api.push(performance.now() - t0);
  }
  for (let run = s.runs; run < 2 * s.runs; run++) {
    const t0 = performance.now();
    await direct(bodyOf(run) as never);
    straight.push(performance.now() - t0);
  }
  return { name, runs: s.runs, rows: added, api: summary(api), direct: summary(straight) };
}

/**
 * Makes the bench group through the API (200 clients of the Coordinator's centre with an open
 * plan), times the three bulk actions, and removes the group and every row the runs wrote.
 */
export async function measureGroupBulk(s: Setup): Promise<BulkRow[]> {
  const members = await rows<{ client_id: number }>(
    s.db,
    sql`SELECT c.client_id FROM clients c
         WHERE c.centre_id = ${s.coordinator.centreId}
           AND EXISTS (SELECT 1 FROM plans p WHERE p.client_id = c.client_id AND p.status = 'Open')
         ORDER BY hashint4(c.client_id) LIMIT ${BULK_MEMBERS}`,
  );
  if (members.length < BULK_MEMBERS) throw new Error(`Only ${members.length} clients with an open plan.`);
  const [other] = await rows<{ support_id: number; training_id: number }>(
    s.db,
    sql`SELECT (SELECT support_id FROM supports WHERE is_other) AS support_id,
               (SELECT training_id FROM trainings WHERE is_other) AS training_id`,
  );
  const group = (await post(s, '/api/groups', {
    name: MARK,
    description: null,
    clients: members.map((m) => ({ client_id: m.client_id })),
  })) as { group_id: number };
  const actor: Actor = {
    userId: s.coordinator.userId,
    roleId: ROLE.coordinator,
    centreId: s.coordinator.centreId,
    locale: 'en',
  };
  const id = group.group_id;
  const base = `/api/groups/${id}/bulk-create`;
  const today = new Date().toISOString().slice(0, 10);
  try {
    return [
      await timeBoth(
        s,
        'interactions (3 types)',
        `${base}/interaction`,
        (body) => bulk.addInteractions(s.db, actor, id, body),
        () => [1, 2, 3].map((interaction_id) => ({ interaction_id, date: today, count: 1 })),
      ),
      await timeBoth(
        s,
        "supports (1, 'Other' named)",
        `${base}/support`,
        (body) => bulk.addSupports(s.db, actor, id, body),
        (run) => [{ support_id: other!.support_id, other_name: `${MARK} ${run}` }],
      ),
      await timeBoth(
        s,
        "trainings (1, 'Other' named, NOC)",
        `${base}/training`,
        (body) => bulk.addTrainings(s.db, actor, id, body),
        (run) => [
          { training_id: other!.training_id, date: today, noc: '7521', other_name: `${MARK} ${run}` },
        ],
      ),
    ];
  } finally {
    await s.db.execute(sql`DELETE FROM plan_supports WHERE other_name LIKE ${`${MARK} %`}`);
    await s.db.execute(sql`DELETE FROM plan_trainings WHERE other_name LIKE ${`${MARK} %`}`);
    await s.db.execute(sql`DELETE FROM client_interactions WHERE created_by = ${s.coordinator.userId}`);
    await s.db.execute(sql`DELETE FROM groups WHERE group_id = ${id}`);
  }
}

const ms = (v: number) => v.toFixed(v < 10 ? 2 : 1);

export function printBulkTable(results: BulkRow[]) {
  console.log(
    `\nGroup bulk actions, a group of ${BULK_MEMBERS} members with open plans, one request at a time ` +
      `(API through HTTP with an Idempotency-Key; direct: the same service call on the database)\n`,
  );
  console.log('| action | runs | rows per run | API p50 ms | API max ms | direct p50 ms | direct max ms |');
  console.log('| ------ | ---: | -----------: | ---------: | ---------: | ------------: | ------------: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.runs} | ${r.rows} | ${ms(r.api.p50)} | ${ms(r.api.max)} | ${ms(r.direct.p50)} | ${ms(r.direct.max)} |`,
    );
  }
}
