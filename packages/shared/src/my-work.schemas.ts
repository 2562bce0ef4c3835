import { z } from 'zod';
import { nameSchemas } from './api-names.ts';
import { choiceOf, isoDate, isoDateTime, pageNumber } from './validators.ts';

/**
 * "My work" (issue 32): a Coordinator's home, listing what is waiting for them. Each list answers
 * a page of its rows (MY_WORK_ROWS, the first unless asked) and its total; each row carries what
 * the screen links with.
 */

/** Rows in a page of each list. */
export const MY_WORK_ROWS = 20;
/** Days ahead that a follow-up is "due this week". */
export const FOLLOW_UP_DUE_AHEAD_DAYS = 7;
/** Days past its due date after which a follow-up not recorded is overdue (the statuses). */
export const FOLLOW_UP_OVERDUE_AFTER_DAYS = 14;

/** Where a user lands after signing in and on `/`: null is the role's default. */
export const HOME_PAGES = ['clients', 'my_work'] as const;
export type HomePage = (typeof HOME_PAGES)[number];

export const MY_WORK_FOLLOW_UP_STATUSES = ['due', 'overdue'] as const;

const clientFields = { client_id: z.number().int(), full_name: z.string() };

export const myWorkFollowUpSchema = z.object({
  follow_up_id: z.number().int(),
  ...clientFields,
  plan_id: z.number().int(),
  /** Months after the outcome's date. */
  month: z.number().int(),
  due_date: isoDate,
  status: choiceOf(MY_WORK_FOLLOW_UP_STATUSES),
});
export type MyWorkFollowUp = z.infer<typeof myWorkFollowUpSchema>;

export const myWorkClientSchema = z.object({ ...clientFields, updated_at: isoDateTime });
export type MyWorkClient = z.infer<typeof myWorkClientSchema>;

export const myWorkQuietPlanSchema = z.object({
  ...clientFields,
  plan_id: z.number().int(),
  plan_date: isoDate,
  /** The plan's last change, note, spending or deletion, or its client's last interaction. */
  last_activity: isoDateTime,
});
export type MyWorkQuietPlan = z.infer<typeof myWorkQuietPlanSchema>;

const listOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), items: z.array(row) });

/** The lists of My work, each paged on its own (`{list}_page`). */
export const MY_WORK_LISTS = ['follow_ups', 'missing_info', 'gone_quiet', 'unassigned'] as const;
export type MyWorkList = (typeof MY_WORK_LISTS)[number];

/** GET /my-work query: the page of each list (1, the first, unless asked). */
export const myWorkQuerySchema = z.object({
  follow_ups_page: pageNumber,
  missing_info_page: pageNumber,
  gone_quiet_page: pageNumber,
  unassigned_page: pageNumber,
});
export type MyWorkQuery = z.input<typeof myWorkQuerySchema>;
/** The page of each list, as the server reads them. */
export type MyWorkPages = Record<MyWorkList, number>;

/** GET /my-work. */
export const myWorkSchema = z.object({
  /** The day the lists were computed for (the server's today). */
  today: isoDate,
  /** GONE_QUIET_DAYS: the days without activity after which a plan has gone quiet. */
  gone_quiet_days: z.number().int(),
  /** Not recorded and due within the week, or past due; `due` and `overdue` count each status. */
  follow_ups: listOf(myWorkFollowUpSchema).extend({ due: z.number().int(), overdue: z.number().int() }),
  /** The caller's clients missing required information (spec §3's flag), newest changes first. */
  missing_info: listOf(myWorkClientSchema),
  /** The caller's clients' open plans quiet for `gone_quiet_days`, quietest first. */
  gone_quiet: listOf(myWorkQuietPlanSchema),
  /** Clients of the caller's centre without a worker, newest changes first. */
  unassigned: listOf(myWorkClientSchema),
});
export type MyWork = z.infer<typeof myWorkSchema>;

nameSchemas({
  MyWorkFollowUp: myWorkFollowUpSchema,
  MyWorkClient: myWorkClientSchema,
  MyWorkQuietPlan: myWorkQuietPlanSchema,
  MyWork: myWorkSchema,
});
