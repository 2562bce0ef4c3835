import { addDays, todayIso } from '@cairn/shared/dates';
import {
  FOLLOW_UP_DUE_AHEAD_DAYS,
  FOLLOW_UP_OVERDUE_AFTER_DAYS,
  MY_WORK_ROWS,
  type MyWork,
  type MyWorkPages,
} from '@cairn/shared/my-work.schemas';
import type { AppContext } from '../../app-context.ts';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../plugins/auth.ts';
import { workOf, type WorkOf } from '../access/my-work.policy.ts';
import { auditNote } from '../audit/audit.policy.ts';
import { readMyWork, type MyWorkParams } from './my-work.repository.ts';

type Deps = Pick<AppContext, 'config' | 'now'>;

/** The first page of every list. */
export const FIRST_PAGES: MyWorkPages = { follow_ups: 1, missing_info: 1, gone_quiet: 1, unassigned: 1 };

/**
 * What decides each list on `today`: follow-ups due within the week, overdue past 14 days, quiet
 * since N days; and the page of each.
 */
export function myWorkParams(
  work: WorkOf,
  today: string,
  goneQuietDays: number,
  pages: MyWorkPages = FIRST_PAGES,
): MyWorkParams {
  return {
    ...work,
    dueBy: addDays(today, FOLLOW_UP_DUE_AHEAD_DAYS),
    overdueBefore: addDays(today, -FOLLOW_UP_OVERDUE_AFTER_DAYS),
    quietSince: addDays(today, -goneQuietDays),
    limit: MY_WORK_ROWS,
    pages,
  };
}

/**
 * GET /my-work: the caller's lists on the server's today, each its total and the page asked of
 * it; the call's audit entry names every client shown.
 */
export async function myWorkOf(deps: Deps, db: Executor, actor: Actor, pages: MyWorkPages): Promise<MyWork> {
  const answer = await myWork(deps, db, workOf(actor), pages);
  const lists = [answer.follow_ups, answer.missing_info, answer.gone_quiet, answer.unassigned];
  auditNote(actor, { clientIds: [...new Set(lists.flatMap((l) => l.items.map((i) => i.client_id)))] });
  return answer;
}

/** The lists of `work` on the server's today, a page of each (the page, and the weekly email). */
export async function myWork(
  deps: Deps,
  db: Executor,
  work: WorkOf,
  pages: MyWorkPages = FIRST_PAGES,
): Promise<MyWork> {
  const today = todayIso(deps.now());
  const row = await readMyWork(db, myWorkParams(work, today, deps.config.goneQuietDays, pages));
  type Items<K extends keyof MyWork> = MyWork[K] extends { items: infer I } ? I : never;
  return {
    today,
    gone_quiet_days: deps.config.goneQuietDays,
    follow_ups: {
      total: row.follow_ups_total,
      due: row.follow_ups_due,
      overdue: row.follow_ups_total - row.follow_ups_due,
      items: JSON.parse(row.follow_ups) as Items<'follow_ups'>,
    },
    missing_info: { total: row.missing_total, items: JSON.parse(row.missing) as Items<'missing_info'> },
    gone_quiet: { total: row.quiet_total, items: JSON.parse(row.quiet) as Items<'gone_quiet'> },
    unassigned: { total: row.unassigned_total, items: JSON.parse(row.unassigned) as Items<'unassigned'> },
  };
}
