CREATE TABLE "report_served_horizon" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"fy" integer NOT NULL,
	CONSTRAINT "report_served_horizon_one_ck" CHECK ("report_served_horizon"."one")
);
--> statement-breakpoint
CREATE TABLE "report_served_years" (
	"fy" integer NOT NULL,
	"centre_id" integer NOT NULL,
	"series" varchar(16) NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_served_years_pk" PRIMARY KEY("fy","centre_id","series","key")
);
--> statement-breakpoint
-- The fiscal year (the calendar year of its 1 April) of a day; none for 'infinity' (a span still
-- open).
CREATE FUNCTION report_fiscal_year(d date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN d <> 'infinity'::date
              THEN extract(year FROM d)::integer - (extract(month FROM d) < 4)::integer END;
$$;
--> statement-breakpoint
-- What a span row counts in each fiscal year up to `upto`: one row per series and key, for the
-- years it meets (from its start's to its end's) in which its client's earlier spans all end
-- before the year starts (served: the age band on the year's last day and each answer, status
-- type and reserve for the Indigenous only), and `active` in those where it is a plan and its
-- client's earlier plans all end before the year starts. The dashboard's own test for a range and
-- its own keys (reporting-clients.repository.ts, reporting-rows.repository.ts), for each year.
CREATE FUNCTION report_span_counts(span_start date, span_end date, prev_end date, prev_plan_end date,
                                   is_plan boolean, dob date, answers integer, upto integer)
RETURNS TABLE (fy integer, series text, key text) LANGUAGE sql STABLE AS $$
  SELECT y.fy, k.series, k.key
    FROM generate_series(report_fiscal_year(span_start), least(report_fiscal_year(span_end), upto)) AS y(fy)
    JOIN report_answer_sets a ON a.answers_id = answers
   CROSS JOIN LATERAL (
     SELECT prev_end < make_date(y.fy, 4, 1) AS served,
            is_plan AND prev_plan_end < make_date(y.fy, 4, 1) AS active) f
   CROSS JOIN LATERAL (VALUES
     (f.served, 'age_band', CASE WHEN dob IS NULL THEN 'unknown'
                                 WHEN dob > make_date(y.fy + 1 - 18, 3, 31) THEN '0-17'
                                 WHEN dob > make_date(y.fy + 1 - 25, 3, 31) THEN '18-24'
                                 WHEN dob > make_date(y.fy + 1 - 35, 3, 31) THEN '25-34'
                                 WHEN dob > make_date(y.fy + 1 - 45, 3, 31) THEN '35-44'
                                 WHEN dob > make_date(y.fy + 1 - 55, 3, 31) THEN '45-54'
                                 WHEN dob > make_date(y.fy + 1 - 65, 3, 31) THEN '55-64'
                                 ELSE '65+' END),
     (f.served, 'gender', coalesce(a.gender, 'unknown')::text),
     (f.served, 'indigenous', coalesce(lower(a.indigenous), 'unknown')),
     (f.served, 'status_type', CASE WHEN a.indigenous = 'Yes' THEN coalesce(a.status_type, 'unknown') END::text),
     (f.served, 'reserve', CASE WHEN a.indigenous = 'Yes' THEN coalesce(a.reserve, 'unknown') END::text),
     (f.served, 'disability', coalesce(lower(a.disability), 'unknown')),
     (f.served, 'education', coalesce(a.highest_education, 'unknown')::text),
     (f.served, 'citizenship', coalesce(a.citizenship, 'unknown')::text),
     (f.served, 'province', coalesce(a.province, 'unknown')::text),
     (f.active, 'active', '')) AS k(counted, series, key)
   WHERE k.counted AND k.key IS NOT NULL;
$$;
--> statement-breakpoint
-- Adds `delta` times the span rows' counts, up to the horizon. Keys in order, so two writers of
-- the same keys take them in the same order.
CREATE FUNCTION report_served_apply(spans report_client_spans[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_served_years AS y (fy, centre_id, series, key, n)
  SELECT c.fy, s.centre_id, c.series, c.key, delta * count(*)
    FROM unnest(spans) s
   CROSS JOIN LATERAL report_span_counts(s.span_start, s.span_end, s.prev_end, s.prev_plan_end, s.is_plan,
                                         s.date_of_birth, s.answers_id, (SELECT h.fy FROM report_served_horizon h)) c
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (fy, centre_id, series, key) DO UPDATE SET n = y.n + excluded.n;
$$;
--> statement-breakpoint
-- The span triggers: old rows taken away, new rows added. The horizon's lock is shared by writers
-- and taken alone by report_served_extend, so a year is added from spans no writer is changing.
CREATE FUNCTION report_served_spans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(18002);
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_served_apply(ARRAY(SELECT ROW(o.*)::report_client_spans FROM old_spans o), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM report_served_apply(ARRAY(SELECT ROW(n.*)::report_client_spans FROM new_spans n), 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_client_spans_served_insert AFTER INSERT ON report_client_spans
  REFERENCING NEW TABLE AS new_spans FOR EACH STATEMENT EXECUTE FUNCTION report_served_spans_changed();
--> statement-breakpoint
CREATE TRIGGER report_client_spans_served_update AFTER UPDATE ON report_client_spans
  REFERENCING OLD TABLE AS old_spans NEW TABLE AS new_spans
  FOR EACH STATEMENT EXECUTE FUNCTION report_served_spans_changed();
--> statement-breakpoint
CREATE TRIGGER report_client_spans_served_delete AFTER DELETE ON report_client_spans
  REFERENCING OLD TABLE AS old_spans FOR EACH STATEMENT EXECUTE FUNCTION report_served_spans_changed();
--> statement-breakpoint
CREATE FUNCTION report_served_spans_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_served_years;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_client_spans_served_truncate AFTER TRUNCATE ON report_client_spans
  FOR EACH STATEMENT EXECUTE FUNCTION report_served_spans_truncated();
--> statement-breakpoint
-- Keeps the years up to `upto`: the years after the horizon counted from the spans, under the
-- horizon's lock alone (writers wait, and a writer before holds it until it commits).
CREATE FUNCTION report_served_extend(upto integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h integer;
BEGIN
  PERFORM pg_advisory_xact_lock(18002);
  SELECT fy INTO h FROM report_served_horizon;
  IF h >= upto THEN
    RETURN;
  END IF;
  DELETE FROM report_served_years WHERE fy > h;
  INSERT INTO report_served_years (fy, centre_id, series, key, n)
  SELECT c.fy, s.centre_id, c.series, c.key, count(*)
    FROM report_client_spans s
   CROSS JOIN LATERAL report_span_counts(s.span_start, s.span_end, s.prev_end, s.prev_plan_end, s.is_plan,
                                         s.date_of_birth, s.answers_id, upto) c
   WHERE s.span_end >= make_date(h + 1, 4, 1) AND c.fy > h
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4;
  UPDATE report_served_horizon SET fy = upto;
END;
$$;
--> statement-breakpoint
-- The backfill: every year up to the one after this one.
INSERT INTO report_served_horizon (one, fy) VALUES (true, 0);
--> statement-breakpoint
SELECT report_served_extend(report_fiscal_year(current_date) + 1);
--> statement-breakpoint
ANALYZE report_served_years;
