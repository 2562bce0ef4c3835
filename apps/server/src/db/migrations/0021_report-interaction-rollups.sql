CREATE TABLE "report_interaction_months" (
	"month" date NOT NULL,
	"centre_id" integer NOT NULL,
	"interaction_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_interaction_months_pk" PRIMARY KEY("month","centre_id","interaction_id")
);
--> statement-breakpoint
CREATE TABLE "report_reached_years" (
	"fy" integer NOT NULL,
	"centre_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_reached_years_pk" PRIMARY KEY("fy","centre_id")
);
--> statement-breakpoint
-- The client interactions dashboard over whole months and fiscal years, kept by statement-level
-- triggers on the report tables of 0018 whatever writes them: each statement's old rows taken
-- away and new rows added, only where the difference is not 0, in key order (writers of the same
-- keys take them in the same order).
CREATE FUNCTION report_interaction_months_apply(old_rows report_day_counts[], new_rows report_day_counts[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_interaction_months AS m (month, centre_id, interaction_id, n)
  SELECT date_trunc('month', r.day)::date, r.centre_id, r.key, sum(r.n)
    FROM (SELECT o.kind, o.day, o.centre_id, o.key, -o.n AS n FROM unnest(old_rows) o
          UNION ALL
          SELECT w.kind, w.day, w.centre_id, w.key, w.n FROM unnest(new_rows) w) r
   WHERE r.kind = 'interaction'
   GROUP BY 1, 2, 3
  HAVING sum(r.n) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (month, centre_id, interaction_id) DO UPDATE SET n = m.n + excluded.n;
$$;
--> statement-breakpoint
CREATE FUNCTION report_day_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_interaction_months_apply('{}', ARRAY(SELECT ROW(n.*)::report_day_counts FROM new_counts n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_interaction_months_apply(ARRAY(SELECT ROW(o.*)::report_day_counts FROM old_counts o), '{}');
  ELSE
    PERFORM report_interaction_months_apply(ARRAY(SELECT ROW(o.*)::report_day_counts FROM old_counts o),
                                            ARRAY(SELECT ROW(n.*)::report_day_counts FROM new_counts n));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_day_counts_months_insert AFTER INSERT ON report_day_counts
  REFERENCING NEW TABLE AS new_counts FOR EACH STATEMENT EXECUTE FUNCTION report_day_counts_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_counts_months_update AFTER UPDATE ON report_day_counts
  REFERENCING OLD TABLE AS old_counts NEW TABLE AS new_counts
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_counts_changed();
--> statement-breakpoint
CREATE TRIGGER report_day_counts_months_delete AFTER DELETE ON report_day_counts
  REFERENCING OLD TABLE AS old_counts FOR EACH STATEMENT EXECUTE FUNCTION report_day_counts_changed();
--> statement-breakpoint
CREATE FUNCTION report_day_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_interaction_months;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_day_counts_months_truncate AFTER TRUNCATE ON report_day_counts
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_counts_truncated();
--> statement-breakpoint
-- A client's day counts once in its own fiscal year, when its previous day comes before that
-- year's 1 April.
CREATE FUNCTION report_reached_years_apply(old_rows report_interaction_days[], new_rows report_interaction_days[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_reached_years AS y (fy, centre_id, n)
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
CREATE FUNCTION report_interaction_days_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_reached_years_apply('{}', ARRAY(SELECT ROW(n.*)::report_interaction_days FROM new_days n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_reached_years_apply(ARRAY(SELECT ROW(o.*)::report_interaction_days FROM old_days o), '{}');
  ELSE
    PERFORM report_reached_years_apply(ARRAY(SELECT ROW(o.*)::report_interaction_days FROM old_days o),
                                       ARRAY(SELECT ROW(n.*)::report_interaction_days FROM new_days n));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_interaction_days_years_insert AFTER INSERT ON report_interaction_days
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION report_interaction_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_interaction_days_years_update AFTER UPDATE ON report_interaction_days
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days
  FOR EACH STATEMENT EXECUTE FUNCTION report_interaction_days_changed();
--> statement-breakpoint
CREATE TRIGGER report_interaction_days_years_delete AFTER DELETE ON report_interaction_days
  REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION report_interaction_days_changed();
--> statement-breakpoint
CREATE FUNCTION report_interaction_days_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_reached_years;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_interaction_days_years_truncate AFTER TRUNCATE ON report_interaction_days
  FOR EACH STATEMENT EXECUTE FUNCTION report_interaction_days_truncated();
--> statement-breakpoint
-- The backfill, from the report tables as they stand.
INSERT INTO report_interaction_months (month, centre_id, interaction_id, n)
SELECT date_trunc('month', day)::date, centre_id, key, sum(n)
  FROM report_day_counts
 WHERE kind = 'interaction'
 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_reached_years (fy, centre_id, n)
SELECT report_fiscal_year(day), centre_id, count(*)
  FROM report_interaction_days
 WHERE prev_day < make_date(report_fiscal_year(day), 4, 1)
 GROUP BY 1, 2;
--> statement-breakpoint
ANALYZE report_interaction_months;
--> statement-breakpoint
ANALYZE report_reached_years;
