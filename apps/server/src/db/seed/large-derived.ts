import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../database.ts';

/**
 * The derived tables of the clients in [first, last], built from their records set-based, for a
 * load that ran with the triggers off (`session_replication_role = replica`, large-batch.ts): what
 * the statement-level triggers would have left after the large seed's inserts (clients, plans,
 * outcomes, stories, follow-ups, plan records, interactions), each statement named after the
 * migration and trigger whose table it builds. Where a migration left a function that adds a set of
 * plans or follow-ups (its backfill's) it is called; a per-client refresh taking a list of ids is
 * copied for the range of new clients (an id list made the planner hash every client, a cost
 * growing with the database, and new clients have no rows to delete).
 * `large-derived.test.ts` holds every table to what the triggers make of the same records.
 *
 * Two kinds: a client's own rows (`PER_CLIENT`), inserted per batch while its records are in
 * memory; and sums over many clients (`TOTALS`: per centre, day, month, fiscal year), added once
 * for the whole load. Added per batch, each sum's rows were updated again by every batch (the
 * triggers' cost: 30,000 updated day counts a batch for the interactions alone).
 *
 * Not built, because the seed's data never sets them off: outcomes_insert_close (0009: the seed
 * writes closed plans as Closed already), the row triggers following a client's or plan's move
 * (0019, 0037, 0039: nothing moves), and follow_ups_fill (0037, 0039), whose columns the seed's
 * insert fills itself (large-follow-ups.ts).
 */

/** One statement: the table it builds (for the timings) and its SQL over [first, last]. */
interface Build {
  table: string;
  sql: (first: number, last: number) => SQL;
}

const inRange = (column: SQL, first: number, last: number) => sql`${column} BETWEEN ${first} AND ${last}`;
/** A client's answers the clients dashboard breaks down, as report_answer_sets keys them (0018). */
const ANSWERS_KEY = sql`ROW(c.gender, c.indigenous, c.status_type, c.reserve, c.disability,
                            c.highest_education, c.citizenship, c.province)::text`;

/** Each client's own rows: no other client's rows change. */
const PER_CLIENT: readonly Build[] = [
  // 0007 client_search_upsert (clients_search_insert), as 0007's backfill.
  {
    table: 'client_search',
    sql: (f, l) => sql`
      INSERT INTO client_search (client_id, centre_id, updated_at, name_key, search_text)
      SELECT client_id, centre_id, updated_at, name_key, search_text FROM clients WHERE ${inRange(sql`client_id`, f, l)}`,
  },
  // 0042 client_search_words_refresh (clients_search_words_insert), as 0042's backfill: the
  // separators of SEARCH_WORD_SEPARATORS (packages/shared/src/client-rules.ts).
  {
    table: 'client_search_words',
    sql: (f, l) => sql`
      INSERT INTO client_search_words (client_id, word, centre_id, name_key)
      SELECT DISTINCT c.client_id, s.word, c.centre_id, c.name_key
        FROM clients c
       CROSS JOIN LATERAL regexp_split_to_table(c.search_text, '[[:space:].@_+,/()-]+') AS s(word)
       WHERE s.word <> '' AND ${inRange(sql`c.client_id`, f, l)}`,
  },
  // 0041 client_duplicate_pairs_refresh (clients_duplicate_pairs_insert) with the pairs deferred,
  // as the seed's transactions ask: the clients wait for the pair finder.
  {
    table: 'client_duplicate_pending',
    sql: (f, l) => sql`
      INSERT INTO client_duplicate_pending (client_id)
      SELECT client_id FROM clients WHERE ${inRange(sql`client_id`, f, l)} ON CONFLICT DO NOTHING`,
  },
  // 0009/0010 plans_changed_new (plans_status_insert): each client's latest plan's status, which
  // the seed's client insert wrote already (insertClientBatch's planStatus): this finds it so.
  {
    table: 'clients.recent_plan_status',
    sql: (f, l) => sql`
      SELECT clients_refresh_recent_plan_status(ARRAY(
        SELECT DISTINCT client_id FROM plans WHERE ${inRange(sql`client_id`, f, l)}))`,
  },
  // 0018 report_client_spans_refresh (clients_, plans_ and outcomes_report_insert), once with
  // every plan and outcome in: its statements. The clients' answer sets first…
  {
    table: 'report_answer_sets',
    sql: (f, l) => sql`
      INSERT INTO report_answer_sets (key, gender, indigenous, status_type, reserve, disability,
                                      highest_education, citizenship, province)
      SELECT DISTINCT ${ANSWERS_KEY}, c.gender, c.indigenous, c.status_type, c.reserve, c.disability,
             c.highest_education, c.citizenship, c.province
        FROM clients c WHERE ${inRange(sql`c.client_id`, f, l)}
          ON CONFLICT (key) DO NOTHING`,
  },
  // …then the spans: the intake day, and each plan from its start to its outcome (open: for ever).
  {
    table: 'report_client_spans',
    sql: (f, l) => sql`
      INSERT INTO report_client_spans (client_id, seq, centre_id, is_plan, span_start, span_end, prev_end,
                                       prev_plan_end, date_of_birth, answers_id)
      SELECT c.client_id, row_number() OVER w, c.centre_id, s.is_plan, s.span_start, s.span_end,
             coalesce(max(s.span_end) OVER earlier, '-infinity'),
             coalesce(max(s.span_end) FILTER (WHERE s.is_plan) OVER earlier, '-infinity'),
             c.date_of_birth, a.answers_id
        FROM clients c
        JOIN report_answer_sets a ON a.key = ${ANSWERS_KEY}
       CROSS JOIN LATERAL (
         SELECT false AS is_plan, c.created_at::date AS span_start, c.created_at::date AS span_end
         UNION ALL
         SELECT true, p.date, CASE WHEN p.status = 'Open' THEN 'infinity'::date ELSE greatest(p.date, o.date) END
           FROM plans p LEFT JOIN outcomes o ON o.plan_id = p.plan_id
          WHERE p.client_id = c.client_id) s
       WHERE ${inRange(sql`c.client_id`, f, l)}
      WINDOW w AS (PARTITION BY c.client_id ORDER BY s.span_start, s.span_end, s.is_plan),
             earlier AS (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)`,
  },
  // 0018 report_interaction_days_refresh (client_interactions_report_insert): its statement, over
  // the range.
  {
    table: 'report_interaction_days',
    sql: (f, l) => sql`
      INSERT INTO report_interaction_days (client_id, day, prev_day, centre_id, n)
      SELECT ci.client_id, ci.date, coalesce(lag(ci.date) OVER (PARTITION BY ci.client_id ORDER BY ci.date), '-infinity'),
             c.centre_id, sum(ci.count)
        FROM client_interactions ci JOIN clients c ON c.client_id = ci.client_id
       WHERE ${inRange(sql`ci.client_id`, f, l)} AND ${inRange(sql`c.client_id`, f, l)}
       GROUP BY ci.client_id, ci.date, c.centre_id`,
  },
  // 0018/0044 report_story_days_refresh (stories_report_insert): its statement, over the range.
  {
    table: 'report_story_days',
    sql: (f, l) => sql`
      INSERT INTO report_story_days (client_id, day, prev_day, centre_id, n)
      SELECT st.client_id, st.date, coalesce(lag(st.date) OVER (PARTITION BY st.client_id ORDER BY st.date), '-infinity'),
             c.centre_id, count(*)
        FROM stories st JOIN clients c ON c.client_id = st.client_id
       WHERE ${inRange(sql`st.client_id`, f, l)} AND ${inRange(sql`c.client_id`, f, l)}
       GROUP BY st.client_id, st.date, c.centre_id`,
  },
  // 0038 plan_activity_plans_written, _records_written (notes, spendings) and
  // _interactions_written (their _insert triggers): the latest of the plan's own time, its notes'
  // and spendings' and, for an open plan, its client's interactions' (they come in after the
  // plans, and raise the client's open plan only; 0038's backfill counted them for every plan).
  {
    table: 'plan_activity',
    sql: (f, l) => sql`
      INSERT INTO plan_activity (plan_id, last_activity_at)
      SELECT p.plan_id, greatest(p.updated_at, n.at, s.at, CASE WHEN p.status = 'Open' THEN i.at END)
        FROM plans p
        LEFT JOIN (SELECT x.plan_id, max(x.updated_at) AS at FROM notes x JOIN plans q ON q.plan_id = x.plan_id
                    WHERE ${inRange(sql`q.client_id`, f, l)} GROUP BY x.plan_id) n ON n.plan_id = p.plan_id
        LEFT JOIN (SELECT x.plan_id, max(x.updated_at) AS at FROM spendings x JOIN plans q ON q.plan_id = x.plan_id
                    WHERE ${inRange(sql`q.client_id`, f, l)} GROUP BY x.plan_id) s ON s.plan_id = p.plan_id
        LEFT JOIN (SELECT client_id, max(created_at) AS at FROM client_interactions
                    WHERE ${inRange(sql`client_id`, f, l)} GROUP BY client_id) i ON i.client_id = p.client_id
       WHERE ${inRange(sql`p.client_id`, f, l)}`,
  },
];

/** The plans' rollups: the heaviest sum, run beside the others on PostgreSQL (large-batch.ts). */
export const PLAN_ROLLUPS = 'report plan rollups';

/** Sums over many clients: the range's amounts added to what is there (the demo data's). */
const TOTALS: readonly Build[] = [
  // 0003 centre_client_counts_add (clients_count_insert): clients per centre.
  {
    table: 'centre_client_counts',
    sql: (f, l) => sql`
      INSERT INTO centre_client_counts (centre_id, clients)
      SELECT centre_id, count(*) FROM clients WHERE ${inRange(sql`client_id`, f, l)} GROUP BY centre_id
          ON CONFLICT (centre_id) DO UPDATE SET clients = centre_client_counts.clients + EXCLUDED.clients`,
  },
  // 0043 client_update_days_count (clients_update_days_insert): clients per centre and UTC day.
  {
    table: 'client_update_days',
    sql: (f, l) => sql`
      INSERT INTO client_update_days (centre_id, day, clients)
      SELECT centre_id, (updated_at AT TIME ZONE 'UTC')::date, count(*) FROM clients
       WHERE ${inRange(sql`client_id`, f, l)}
       GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (centre_id, day) DO UPDATE SET clients = client_update_days.clients + EXCLUDED.clients`,
  },
  // 0018 report_clients_changed (clients_report_insert): new clients per intake day.
  {
    table: 'report_day_counts (new clients)',
    sql: (f, l) => sql`
      INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'new_client', created_at::date, centre_id, 0, count(*) FROM clients
       WHERE ${inRange(sql`client_id`, f, l)} GROUP BY 2, 3
          ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n`,
  },
  // 0018 report_interactions_changed (client_interactions_report_insert): interactions per day and
  // type, their counts summed.
  {
    table: 'report_day_counts (interactions)',
    sql: (f, l) => sql`
      INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'interaction', r.date, c.centre_id, r.interaction_id, sum(r.count)
        FROM client_interactions r JOIN clients c ON c.client_id = r.client_id
       WHERE ${inRange(sql`r.client_id`, f, l)}
       GROUP BY 2, 3, 4
          ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n`,
  },
  // 0021 report_day_counts_changed (report_day_counts_months_insert, _update): the same counts
  // added to their months (report_interaction_months_apply's statement).
  {
    table: 'report_interaction_months',
    sql: (f, l) => sql`
      INSERT INTO report_interaction_months AS m (month, centre_id, interaction_id, n)
      SELECT date_trunc('month', r.date)::date, c.centre_id, r.interaction_id, sum(r.count)
        FROM client_interactions r JOIN clients c ON c.client_id = r.client_id
       WHERE ${inRange(sql`r.client_id`, f, l)}
       GROUP BY 1, 2, 3 HAVING sum(r.count) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (month, centre_id, interaction_id) DO UPDATE SET n = m.n + excluded.n`,
  },
  // 0020 report_served_spans_changed (report_client_spans_served_insert): each span's counts per
  // fiscal year up to the horizon (report_served_apply's statement, over the table's rows as
  // report_served_extend reads them).
  {
    table: 'report_served_years',
    sql: (f, l) => sql`
      INSERT INTO report_served_years AS y (fy, centre_id, series, key, n)
      SELECT c.fy, s.centre_id, c.series, c.key, count(*)
        FROM report_client_spans s
       CROSS JOIN LATERAL report_span_counts(s.span_start, s.span_end, s.prev_end, s.prev_plan_end, s.is_plan,
                                             s.date_of_birth, s.answers_id, (SELECT h.fy FROM report_served_horizon h)) c
       WHERE ${inRange(sql`s.client_id`, f, l)}
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (fy, centre_id, series, key) DO UPDATE SET n = y.n + excluded.n`,
  },
  // 0021 report_interaction_days_changed (report_interaction_days_years_insert): clients reached
  // per fiscal year (report_reached_years_apply's statement).
  {
    table: 'report_reached_years',
    sql: (f, l) => sql`
      INSERT INTO report_reached_years AS y (fy, centre_id, n)
      SELECT report_fiscal_year(d.day), d.centre_id, count(*) FROM report_interaction_days d
       WHERE ${inRange(sql`d.client_id`, f, l)} AND d.prev_day < make_date(report_fiscal_year(d.day), 4, 1)
       GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (fy, centre_id) DO UPDATE SET n = y.n + excluded.n`,
  },
  // 0044 report_story_days_changed (report_story_days_rollups_insert): stories per month…
  {
    table: 'report_story_months',
    sql: (f, l) => sql`
      INSERT INTO report_story_months AS m (month, centre_id, n)
      SELECT date_trunc('month', d.day)::date, d.centre_id, sum(d.n) FROM report_story_days d
       WHERE ${inRange(sql`d.client_id`, f, l)}
       GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
          ON CONFLICT (month, centre_id) DO UPDATE SET n = m.n + excluded.n`,
  },
  // …and clients with a story per fiscal year (report_story_rollups_apply's statements).
  {
    table: 'report_story_years',
    sql: (f, l) => sql`
      INSERT INTO report_story_years AS y (fy, centre_id, n)
      SELECT report_fiscal_year(d.day), d.centre_id, count(*) FROM report_story_days d
       WHERE ${inRange(sql`d.client_id`, f, l)} AND d.prev_day < make_date(report_fiscal_year(d.day), 4, 1)
       GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (fy, centre_id) DO UPDATE SET n = y.n + excluded.n`,
  },
  // 0019 rollup_plans_changed, rollup_outcomes_changed, rollup_supports_changed,
  // rollup_barriers_changed, rollup_trainings_changed, rollup_spendings_changed (their _insert
  // triggers): everything the plans count for, as 0019's backfill (rollup_plans_rebuild) does for
  // every plan: report_plan_days, _support_, _barrier_, _outcome_, _training_ and _spending_days.
  {
    table: PLAN_ROLLUPS,
    sql: (f, l) => sql`
      SELECT rollup_plans_shift(array_agg(p.plan_id), array_agg(c.centre_id), array_agg(p.date),
                                array_agg(p.current_employment::text), 1)
        FROM plans p JOIN clients c ON c.client_id = p.client_id
       WHERE ${inRange(sql`p.client_id`, f, l)}`,
  },
  // 0037 rollup_follow_ups_changed (follow_ups_rollup_insert), as 0037's backfill
  // (rollup_follow_ups_rebuild) does for every follow-up.
  {
    table: 'report_follow_up_days',
    sql: (f, l) => sql`
      SELECT rollup_follow_ups_rows(
               array_agg(x.centre_id), array_agg(x.outcome_date), array_agg(x.month::int), array_agg(x.due_date),
               array_agg(x.reached), array_agg(x.post_program_status::text), array_agg(x.hours::text), 1)
        FROM follow_ups x JOIN plans p ON p.plan_id = x.plan_id
       WHERE ${inRange(sql`p.client_id`, f, l)}`,
  },
];

/** Runs `run`, timed as `step` (the seed's steps). */
export type Timed = <T>(step: string, run: () => Promise<T>) => Promise<T>;

interface BuildOptions {
  timed?: Timed;
  /** Leaves out the builds it does not name. */
  only?: (table: string) => boolean;
}

async function run(
  db: Executor,
  builds: readonly Build[],
  first: number,
  last: number,
  options: BuildOptions,
) {
  const { timed = (_step, go) => go(), only = () => true } = options;
  for (const build of builds) {
    if (only(build.table)) await timed(`derived: ${build.table}`, () => db.execute(build.sql(first, last)));
  }
}

/**
 * The statements of a batch's own rows over [first, last], by the table each builds, unrun: what
 * large-indexes.test.ts reads the plans of (each batch must read its clients' records by an index).
 */
export const clientRowStatements = (first: number, last: number) =>
  PER_CLIENT.map((build) => ({ table: build.table, statement: build.sql(first, last) }));

/** The rows of each client in [first, last] of its own, in `db`'s transaction (one batch). */
export const buildClientRowsFor = (db: Executor, first: number, last: number, options: BuildOptions = {}) =>
  run(db, PER_CLIENT, first, last, options);

/**
 * The sums over the clients in [first, last] (the whole load), added to the tables once. `db`
 * runs with the triggers off too: those tables have triggers of their own (0020, 0021, 0044).
 */
export const addTotalsFor = (db: Executor, first: number, last: number, options: BuildOptions = {}) =>
  run(db, TOTALS, first, last, options);
