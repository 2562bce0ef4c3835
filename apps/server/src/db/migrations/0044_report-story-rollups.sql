-- The stories dashboard over fiscal years (issue 33): stories per month and clients with a story per
-- fiscal year, kept from report_story_days as 0021 keeps the interactions' months and years.
CREATE TABLE "report_story_months" (
	"month" date NOT NULL,
	"centre_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_story_months_pk" PRIMARY KEY("month","centre_id")
);
--> statement-breakpoint
CREATE TABLE "report_story_years" (
	"fy" integer NOT NULL,
	"centre_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_story_years_pk" PRIMARY KEY("fy","centre_id")
);
--> statement-breakpoint
-- A story day counts its stories in its month, and its client once in its own fiscal year when
-- its previous story day comes before that year's 1 April.
CREATE FUNCTION report_story_rollups_apply(old_rows report_story_days[], new_rows report_story_days[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_story_months AS m (month, centre_id, n)
  SELECT date_trunc('month', r.day)::date, r.centre_id, sum(r.n)
    FROM (SELECT o.day, o.centre_id, -o.n AS n FROM unnest(old_rows) o
          UNION ALL
          SELECT w.day, w.centre_id, w.n FROM unnest(new_rows) w) r
   GROUP BY 1, 2
  HAVING sum(r.n) <> 0
   ORDER BY 1, 2
  ON CONFLICT (month, centre_id) DO UPDATE SET n = m.n + excluded.n;
  INSERT INTO report_story_years AS y (fy, centre_id, n)
  SELECT report_fiscal_year(r.day), r.centre_id, sum(r.n)
    FROM (SELECT o.day, o.prev_day, o.centre_id, -1 AS n FROM unnest(old_rows) o
          UNION ALL
          SELECT w.day, w.prev_day, w.centre_id, 1 FROM unnest(new_rows) w) r
   WHERE r.prev_day < make_date(report_fiscal_year(r.day), 4, 1)
   GROUP BY 1, 2
  HAVING sum(r.n) <> 0
   ORDER BY 1, 2
  ON CONFLICT (fy, centre_id) DO UPDATE SET n = y.n + excluded.n;
$$;
--> statement-breakpoint
CREATE FUNCTION report_story_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_story_rollups_apply('{}', ARRAY(SELECT ROW(n.*)::report_story_days FROM new_days n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_story_rollups_apply(ARRAY(SELECT ROW(o.*)::report_story_days FROM old_days o), '{}');
  ELSE
    PERFORM report_story_rollups_apply(ARRAY(SELECT ROW(o.*)::report_story_days FROM old_days o),
                                       ARRAY(SELECT ROW(n.*)::report_story_days FROM new_days n));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_story_days_rollups_insert AFTER INSERT ON report_story_days
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION report_story_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_story_days_rollups_update AFTER UPDATE ON report_story_days
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days
  FOR EACH STATEMENT EXECUTE FUNCTION report_story_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_story_days_rollups_delete AFTER DELETE ON report_story_days
  REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION report_story_days_changed();
--> statement-breakpoint
CREATE FUNCTION report_story_days_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_story_months;
  DELETE FROM report_story_years;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_story_days_rollups_truncate AFTER TRUNCATE ON report_story_days
  FOR EACH STATEMENT EXECUTE FUNCTION report_story_days_truncated();
--> statement-breakpoint
-- The backfill, from the report tables as they stand.
INSERT INTO report_story_months (month, centre_id, n)
SELECT date_trunc('month', day)::date, centre_id, sum(n)
  FROM report_story_days
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_story_years (fy, centre_id, n)
SELECT report_fiscal_year(day), centre_id, count(*)
  FROM report_story_days
 WHERE prev_day < make_date(report_fiscal_year(day), 4, 1)
 GROUP BY 1, 2;
--> statement-breakpoint
ANALYZE report_story_months;
--> statement-breakpoint
ANALYZE report_story_years;
