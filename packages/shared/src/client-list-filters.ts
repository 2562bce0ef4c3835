import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { message } from './messages.ts';
import { DASHBOARD_SHAPES } from './reporting-dashboards.ts';
import { ALL_CENTRES } from './reporting.schemas.ts';
import { idSchema } from './validators.ts';

/**
 * The clients list's filters that a report's figure or bar opens (issue 28): the clients a
 * dashboard counts, so a user can act on what they see.
 *
 * - `centre_id`: one centre's clients (within the caller's scope: another centre's gives none);
 * - `start_date`, `end_date` (both or neither) with `counted`: the clients `new` in the range (intake),
 *   `active` in it (a plan open at some time in it), or `served` (new or active: the default);
 * - `breakdown` and `key`: the served clients of one point of a clients dashboard's breakdown, its
 *   key as the dashboard answers it (`unknown` for no answer; age bands on the range's last day;
 *   status type and reserve among Indigenous clients). A breakdown needs the range.
 */
export const CLIENT_COUNTS = ['new', 'active', 'served'] as const;
export type ClientCount = (typeof CLIENT_COUNTS)[number];

/** The clients dashboard's breakdowns, each a filter of the clients list. */
export const CLIENT_BREAKDOWNS = DASHBOARD_SHAPES.clients.series;
export type ClientBreakdown = (typeof CLIENT_BREAKDOWNS)[number];

/** The clients dashboard's figures that count clients, and which clients each counts. */
export const FIGURE_COUNTS: Partial<Record<string, ClientCount>> = {
  new_clients: 'new',
  active_clients: 'active',
  clients_served: 'served',
};

/** A query value that is empty is no filter. */
const blank = (v: unknown) => (v === '' ? undefined : v);

const optionalDay = z.preprocess(
  blank,
  z
    .string()
    .refine((v) => isIsoDate(v), message('date'))
    .optional()
    .meta({ type: 'string', format: 'date' }),
);

/** The filters' fields, to extend a query schema with (then refined by checkClientListFilter). */
export const clientListFilterFields = {
  centre_id: z.preprocess(blank, idSchema().optional()),
  start_date: optionalDay,
  end_date: optionalDay,
  counted: z.preprocess(blank, z.enum(CLIENT_COUNTS, { error: message('choice') }).optional()),
  breakdown: z.preprocess(blank, z.enum(CLIENT_BREAKDOWNS, { error: message('choice') }).optional()),
  key: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .min(1)
      .max(64, message('maxLength', { max: 64 }))
      .optional(),
  ),
};

export interface ClientListFilter {
  centre_id?: number | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  counted?: ClientCount | undefined;
  breakdown?: ClientBreakdown | undefined;
  key?: string | undefined;
}

/** The rules between the filters: a whole range, in order; a count or a breakdown needs one. */
export function checkClientListFilter(f: ClientListFilter, ctx: z.RefinementCtx) {
  const issue = (path: string, text: string) => ctx.addIssue({ code: 'custom', path: [path], message: text });
  if (f.start_date && !f.end_date) issue('end_date', message('required'));
  if (f.end_date && !f.start_date) issue('start_date', message('required'));
  if (f.start_date && f.end_date && f.start_date > f.end_date)
    issue('end_date', message('dateRangeReversed'));
  if ((f.counted || f.breakdown) && !f.start_date && !f.end_date) issue('start_date', message('required'));
  if (f.breakdown && !f.key) issue('key', message('required'));
  if (f.key && !f.breakdown) issue('breakdown', message('required'));
}

/** The filters alone, checked as the list checks them (the web reads them from the address). */
export const clientListFilterSchema = z.object(clientListFilterFields).superRefine(checkClientListFilter);

/** The served clients within a range and its breakdown's point: what the list statement filters to. */
export interface ClientRangeFilter {
  start: string;
  end: string;
  counted: ClientCount;
  breakdown: { name: ClientBreakdown; key: string } | null;
}

/** The range part of a validated filter, or null when it names none. */
export function rangeFilterOf(f: ClientListFilter): ClientRangeFilter | null {
  if (!f.start_date || !f.end_date) return null;
  return {
    start: f.start_date,
    end: f.end_date,
    counted: f.counted ?? 'served',
    breakdown: f.breakdown && f.key ? { name: f.breakdown, key: f.key } : null,
  };
}

/** Whether any filter is set. */
export const hasClientListFilter = (f: ClientListFilter) =>
  Object.values(f).some((v) => v !== undefined && v !== '');

/**
 * The clients list's address for what a dashboard counts: its centre (none for all centres) and
 * range, and which clients of it.
 */
export function clientListPath(
  params: { centre_id: number; start_date: string; end_date: string },
  counted: ClientCount,
  breakdown?: { name: ClientBreakdown; key: string },
): string {
  const query: [string, string][] = [];
  if (params.centre_id !== ALL_CENTRES) query.push(['centre_id', String(params.centre_id)]);
  query.push(['start_date', params.start_date], ['end_date', params.end_date], ['counted', counted]);
  if (breakdown) query.push(['breakdown', breakdown.name], ['key', breakdown.key]);
  return `/clients?${query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}
