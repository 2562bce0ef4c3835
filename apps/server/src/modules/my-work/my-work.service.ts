import { addDays, todayIso } from '@cairn/shared/dates';
import {
  FOLLOW_UP_DUE_AHEAD_DAYS,
  FOLLOW_UP_OVERDUE_AFTER_DAYS,
  MY_WORK_ROWS,
  type MyWork,
  type MyWorkClient,
  type MyWorkQuietPlan,
} from '@cairn/shared/my-work.schemas';
import type { AppContext } from '../../app-context.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../plugins/auth.ts';
import { workOf, type WorkOf } from '../access/my-work.policy.ts';
import { auditNote } from '../audit/audit.policy.ts';
import { readMyWork, type MyWorkParams } from './my-work.repository.ts';

type Deps = Pick<AppContext, 'config' | 'now'>;

/** What decides each list on `today`: follow-ups due within the week, overdue past 14 days, quiet since N days. */
export function myWorkParams(work: WorkOf, today: string, goneQuietDays: number): MyWorkParams {
  return {
    ...work,
    dueBy: addDays(today, FOLLOW_UP_DUE_AHEAD_DAYS),
    overdueBefore: addDays(today, -FOLLOW_UP_OVERDUE_AFTER_DAYS),
    quietSince: addDays(today, -goneQuietDays),
    limit: MY_WORK_ROWS,
  };
}

/** A moment read from JSON (PostgreSQL's text with its offset) as ISO 8601 in UTC. */
const instant = (text: string) => new Date(text).toISOString();

const clientsOf = (json: string): MyWorkClient[] =>
  (JSON.parse(json) as MyWorkClient[]).map((r) => ({
    client_id: r.client_id,
    full_name: r.full_name,
    updated_at: instant(r.updated_at),
  }));

/**
 * GET /my-work: the caller's lists on the server's today, each its total and first rows; the
 * call's audit entry names every client shown.
 */
export async function myWorkOf(deps: Deps, db: Executor, actor: Actor): Promise<MyWork> {
  const answer = await myWork(deps, db, workOf(actor));
  const lists = [answer.follow_ups, answer.missing_info, answer.gone_quiet, answer.unassigned];
  auditNote(actor, { clientIds: [...new Set(lists.flatMap((l) => l.items.map((i) => i.client_id)))] });
  return answer;
}

/** The lists of `work` on the server's today (the page, and the weekly email). */
export async function myWork(deps: Deps, db: Executor, work: WorkOf): Promise<MyWork> {
  const today = todayIso(deps.now());
  const row = await readMyWork(db, myWorkParams(work, today, deps.config.goneQuietDays));
  const quiet = (JSON.parse(row.quiet) as MyWorkQuietPlan[]).map((r) => ({
    ...r,
    last_activity: instant(r.last_activity),
  }));
  return {
    today,
    gone_quiet_days: deps.config.goneQuietDays,
    follow_ups: {
      total: row.follow_ups_total,
      due: row.follow_ups_due,
      overdue: row.follow_ups_total - row.follow_ups_due,
      items: JSON.parse(row.follow_ups) as MyWork['follow_ups']['items'],
    },
    missing_info: { total: row.missing_total, items: clientsOf(row.missing) },
    gone_quiet: { total: row.quiet_total, items: quiet },
    unassigned: { total: row.unassigned_total, items: clientsOf(row.unassigned) },
  };
}
