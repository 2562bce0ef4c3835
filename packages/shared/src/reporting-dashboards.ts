import type { Dashboard } from './reporting.schemas.ts';

/**
 * What each dashboard answers (GET /embed/dashboard/<token>) and draws: the names of its figures,
 * series and lists. The server computes exactly these and the screen draws exactly these, so the
 * two cannot drift apart.
 *
 * Keys of a series' points:
 * - an enumeration's value as the database holds it (a client's `gender` 'Male', a plan's
 *   `current_employment`), and `unknown` for no answer;
 * - `yes`/`no`/`unknown` for yes-or-no answers (disability, Indigenous status, certificate);
 * - an age band of `AGE_BANDS` (the age on the range's last day);
 * - a month `YYYY-MM`, a fiscal year by the year it starts (`2025` is 1 April 2025 to 31 March 2026);
 * - a catalogue item's, reporting type's or interaction type's id, with its name as `label`;
 * - a NOC code, or `none`.
 *
 * The clients dashboard's `clients_served` is the number its breakdowns count: the clients new or
 * active in the range, each once.
 *
 * Some series are split in two dimensions: `client_interactions.by_month` has one point per month
 * and interaction type (`key` the month, `group` the type's id, `label` the type's name, as in
 * `by_type`); `outcomes.retention` one per follow-up month (`key`: 3, 6, 12…) and measure (`group`:
 * `due`, `reached`, `employed`, `full_time`, `part_time`): of the plans closed in the range whose
 * follow-up at that month is due today, how many, how many of those were reached, how many of those
 * employed or self-employed, and of those how many full and part time. Points come in order: an
 * enumeration's largest count first, age bands in AGE_BANDS's order, months and fiscal years
 * oldest first, interaction types in their order, retention's months and measures as listed.
 * Status type and reserve count the Indigenous clients only; incomplete reason the outcomes that
 * give one.
 */
export const DASHBOARD_SHAPES = {
  clients: {
    figures: ['new_clients', 'active_clients', 'clients_served'],
    series: [
      'gender',
      'age_band',
      'indigenous',
      'status_type',
      'reserve',
      'disability',
      'education',
      'citizenship',
      'province',
    ],
    lists: [],
  },
  client_interactions: {
    figures: ['interactions', 'clients_reached'],
    series: ['by_type', 'by_month'],
    lists: [],
  },
  plans: {
    figures: ['plans_opened', 'plans_closed', 'plans_open_at_end'],
    series: ['current_employment', 'barriers_by_category', 'top_barriers'],
    lists: [],
  },
  outcomes: {
    figures: ['outcomes', 'employed_at_exit', 'employed_share', 'certificates_received'],
    series: [
      'program_outcome',
      'incomplete_reason',
      'post_program_status',
      'received_certificate',
      'retention',
    ],
    lists: [],
  },
  supports_trainings: {
    figures: ['supports', 'trainings', 'spending_cents', 'spending_lines'],
    series: [
      'supports_by_category',
      'supports_by_reporting_type',
      'trainings_by_name',
      'trainings_by_reporting_type',
      'trainings_by_noc',
      'spending_by_fiscal_year',
    ],
    lists: [],
  },
  stories: {
    figures: ['stories', 'clients_with_stories'],
    series: ['by_month'],
    lists: ['latest'],
  },
} as const satisfies Record<
  Dashboard,
  { figures: readonly string[]; series: readonly string[]; lists: readonly string[] }
>;

export type DashboardShape<D extends Dashboard> = (typeof DASHBOARD_SHAPES)[D];
export type FigureName<D extends Dashboard> = DashboardShape<D>['figures'][number];
export type SeriesName<D extends Dashboard> = DashboardShape<D>['series'][number];

/**
 * How a figure reads: a count (the default), money in cents (spec §9: shown as $1,234.56), or a
 * share in percent with one decimal (0 when there is nothing to divide).
 */
export const FIGURE_FORMATS: Partial<Record<string, 'money_cents' | 'percent'>> = {
  spending_cents: 'money_cents',
  employed_share: 'percent',
};

/** Age bands of the clients dashboard, by the age on the range's last day. */
export const AGE_BANDS = ['0-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'unknown'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The day `years` years before `end` (YYYY-MM-DD); 29 February falls back to the 28th. */
export function yearsBefore(end: string, years: number): string {
  const day = end.slice(5) === '02-29' ? '02-28' : end.slice(5);
  return `${String(Number(end.slice(0, 4)) - years).padStart(4, '0')}-${day}`;
}

/** Where each band of AGE_BANDS starts, in years (the next band's start is where it ends). */
const BAND_FROM: Record<Exclude<AgeBand, 'unknown'>, number> = {
  '0-17': 0,
  '18-24': 18,
  '25-34': 25,
  '35-44': 35,
  '45-54': 45,
  '55-64': 55,
  '65+': 65,
};
const BAND_UNTIL: Partial<Record<AgeBand, number>> = {
  '0-17': 18,
  '18-24': 25,
  '25-34': 35,
  '35-44': 45,
  '45-54': 55,
  '55-64': 65,
};

/**
 * The births of an age band on `end` (YYYY-MM-DD): born after `after` and on or before
 * `onOrBefore` (either open). Someone is under 18 on `end` when born after the day 18 years
 * before it, and so on.
 */
export function ageBandBirths(
  band: Exclude<AgeBand, 'unknown'>,
  end: string,
): { after: string | null; onOrBefore: string | null } {
  const from = BAND_FROM[band];
  const until = BAND_UNTIL[band];
  return {
    after: until === undefined ? null : yearsBefore(end, until),
    onOrBefore: from === 0 ? null : yearsBefore(end, from),
  };
}

/**
 * The `latest` list of the stories dashboard: one row a story, newest first, at most
 * REPORTING_LIMITS.latestStories: `story_id`, `date` (YYYY-MM-DD), `centre_name` and `writeup`
 * (its first 280 characters). No client name: a dashboard is shown on a shared screen.
 */
export const LATEST_STORY_COLUMNS = ['story_id', 'date', 'centre_name', 'writeup'] as const;
export const LATEST_STORY_WRITEUP_MAX = 280;
