/**
 * My work (issue 32) in `npm run bench`: GET /api/my-work as the Coordinator with the biggest
 * caseload of the biggest centre, beside the same statement run from the pool.
 */
import { todayIso } from '@cairn/shared/dates';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import { statementName, type Db } from '../db/database.ts';
import type { AccessTokens } from '../lib/access-tokens.ts';
import { workOfUser } from '../modules/access/my-work.policy.ts';
import { myWorkSql } from '../modules/my-work/my-work.repository.ts';
import { myWorkParams } from '../modules/my-work/my-work.service.ts';
import type { Target } from './bench-target.ts';
import { benchToken, rows } from './bench-users.ts';

const dialect = new PgDialect();

/** The totals of each list, as the API answers them and as the statement's row holds them. */
export function sameWork(
  body: Record<string, { total?: number }>,
  row: Record<string, unknown> | undefined,
): boolean {
  if (!row) return false;
  return (
    body.follow_ups?.total === row.follow_ups_total &&
    body.missing_info?.total === row.missing_total &&
    body.gone_quiet?.total === row.quiet_total &&
    body.unassigned?.total === row.unassigned_total
  );
}

/**
 * The target, signed in as the biggest caseload's worker (a seeded Coordinator: My work is the
 * caller's own), or none when no client has a worker.
 */
export async function myWorkTarget(
  db: Db,
  tokens: AccessTokens,
  config: Config,
  centreId: number,
): Promise<Target[]> {
  const [worker] = await rows<{ user_id: number; token_version: number; clients: number }>(
    db,
    sql`SELECT u.user_id, u.token_version, count(*)::int AS clients
          FROM clients c JOIN users u ON u.user_id = c.worker_id
         WHERE c.centre_id = ${centreId}
         GROUP BY u.user_id ORDER BY count(*) DESC, u.user_id LIMIT 1`,
  );
  if (!worker) return [];
  const params = myWorkParams(workOfUser(worker.user_id, centreId), todayIso(), config.goneQuietDays);
  const q = dialect.sqlToQuery(myWorkSql(params));
  return [
    {
      name: `GET /api/my-work (Coordinator, a caseload of ${worker.clients.toLocaleString('en-CA')})`,
      as: 'coordinator',
      token: await benchToken(db, tokens, { userId: worker.user_id, tokenVersion: worker.token_version }),
      paths: ['/api/my-work'],
      queries: [{ name: statementName(q.sql), text: q.sql, values: q.params }],
      check: 'myWork',
      idKey: 'client_id',
    },
  ];
}
