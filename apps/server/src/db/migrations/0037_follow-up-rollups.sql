-- Retention (issue 32) read from a rollup, as the plans' dashboards are (0019), instead of every
-- follow-up due by today joined to the outcomes of the range (docs/performance.md, "My work and
-- retention"). Each follow-up counts, on its outcome's date (`day`) and in that date's month, for
-- its client's centre, its month and its due date (at the same grain: the day, or the month's
-- first day): one due, and whether reached, employed or self-employed, and full or part time. A
-- range due by a day T then sums its whole outcome months due in months before T's, and only
-- days otherwise: the range's edge days, and the days due in T's own month.
--
-- Each follow-up carries its outcome's date and its client's centre (filled on insert, followed
-- when the outcome's date, the client's centre or the plan's client changes), so the follow-ups'
-- own statement triggers count every change from their old and new rows alone, a cascade's
-- delete included (its outcome, plan and client are gone by then). The fill takes a share lock on
-- the outcome, plan and client it reads, so a concurrent move either waits for the insert (and
-- then updates its row) or is seen by it.
CREATE TABLE "report_follow_up_days" (
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"due" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"employed" integer DEFAULT 0 NOT NULL,
	"full_time" integer DEFAULT 0 NOT NULL,
	"part_time" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_follow_up_days_grain_day_centre_id_month_due_pk" PRIMARY KEY("grain","day","centre_id","month","due"),
	CONSTRAINT "report_follow_up_days_grain_ck" CHECK ("report_follow_up_days"."grain" in ('d', 'm'))
);
--> statement-breakpoint
ALTER TABLE "report_follow_up_days" SET (parallel_workers = 0);
--> statement-breakpoint
-- Retention no longer reads the follow-ups by due date.
DROP INDEX "follow_ups_due_idx";--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "outcome_date" date;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "centre_id" integer;--> statement-breakpoint
UPDATE "follow_ups" f SET "outcome_date" = o."date", "centre_id" = c."centre_id"
  FROM "outcomes" o, "plans" p, "clients" c
 WHERE o."outcome_id" = f."outcome_id" AND p."plan_id" = f."plan_id" AND c."client_id" = p."client_id";--> statement-breakpoint
ALTER TABLE "follow_ups" ALTER COLUMN "outcome_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_ups" ALTER COLUMN "centre_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "report_follow_up_days_due_idx" ON "report_follow_up_days" USING btree ("due","day") WHERE "report_follow_up_days"."grain" = 'd';
--> statement-breakpoint
-- Adds deltas in both grains, in key order (two writers of the same rows lock them in one order).
CREATE FUNCTION rollup_follow_up_days_add(a_centres int[], a_days date[], a_months int[], a_dues date[], a_n int[], a_reached int[], a_employed int[], a_ft int[], a_pt int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_follow_up_days AS r (grain, day, centre_id, month, due, n, reached, employed, full_time, part_time)
  SELECT g.grain, CASE g.grain WHEN 'm' THEN date_trunc('month', d.day)::date ELSE d.day END,
         d.centre_id, d.month, CASE g.grain WHEN 'm' THEN date_trunc('month', d.due)::date ELSE d.due END,
         sum(d.n), sum(d.reached), sum(d.employed), sum(d.ft), sum(d.pt)
    FROM unnest(a_centres, a_days, a_months, a_dues, a_n, a_reached, a_employed, a_ft, a_pt)
         AS d(centre_id, day, month, due, n, reached, employed, ft, pt)
   CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
   GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.n) <> 0 OR sum(d.reached) <> 0 OR sum(d.employed) <> 0 OR sum(d.ft) <> 0 OR sum(d.pt) <> 0
   ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (grain, day, centre_id, month, due)
      DO UPDATE SET n = r.n + excluded.n, reached = r.reached + excluded.reached, employed = r.employed + excluded.employed,
                    full_time = r.full_time + excluded.full_time, part_time = r.part_time + excluded.part_time
$$;
--> statement-breakpoint
-- Follow-ups given by their columns, counted times a_sign.
CREATE FUNCTION rollup_follow_ups_rows(a_centres int[], a_days date[], a_months int[], a_dues date[], a_reached boolean[], a_statuses text[], a_hours text[], a_sign int)
RETURNS void LANGUAGE sql AS $$
  SELECT rollup_follow_up_days_add(
           array_agg(f.centre_id), array_agg(f.day), array_agg(f.month), array_agg(f.due), array_agg(a_sign),
           array_agg(a_sign * f.reached::int), array_agg(a_sign * f.employed::int),
           array_agg(a_sign * (f.employed AND f.hours IS NOT DISTINCT FROM 'Full time')::int),
           array_agg(a_sign * (f.employed AND f.hours IS NOT DISTINCT FROM 'Part time')::int))
    FROM (SELECT x.centre_id, x.day, x.month, x.due, coalesce(x.reached, false) AS reached,
                 coalesce(x.reached AND x.status IN ('Employed', 'Self-employed'), false) AS employed, x.hours
            FROM unnest(a_centres, a_days, a_months, a_dues, a_reached, a_statuses, a_hours)
                 AS x(centre_id, day, month, due, reached, status, hours)) f
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_follow_ups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_follow_up_days;
  PERFORM rollup_follow_ups_rows(
            array_agg(f.centre_id), array_agg(f.outcome_date), array_agg(f.month::int), array_agg(f.due_date),
            array_agg(f.reached), array_agg(f.post_program_status::text), array_agg(f.hours::text), 1)
     FROM follow_ups f;
END $$;
--> statement-breakpoint
-- Inserted, deleted, or updated in what they count for (a note's edit changes none of it).
CREATE FUNCTION rollup_follow_ups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM rollup_follow_ups_rebuild();
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM rollup_follow_ups_rows(
              array_agg(n.centre_id), array_agg(n.outcome_date), array_agg(n.month::int), array_agg(n.due_date),
              array_agg(n.reached), array_agg(n.post_program_status::text), array_agg(n.hours::text), 1)
       FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM rollup_follow_ups_rows(
              array_agg(o.centre_id), array_agg(o.outcome_date), array_agg(o.month::int), array_agg(o.due_date),
              array_agg(o.reached), array_agg(o.post_program_status::text), array_agg(o.hours::text), -1)
       FROM old_rows o;
  ELSE
    PERFORM rollup_follow_ups_rows(
              array_agg(o.centre_id), array_agg(o.outcome_date), array_agg(o.month::int), array_agg(o.due_date),
              array_agg(o.reached), array_agg(o.post_program_status::text), array_agg(o.hours::text), -1)
       FROM old_rows o JOIN new_rows n ON n.follow_up_id = o.follow_up_id
      WHERE (o.centre_id, o.outcome_date, o.month, o.due_date, o.reached, o.post_program_status, o.hours)
            IS DISTINCT FROM (n.centre_id, n.outcome_date, n.month, n.due_date, n.reached, n.post_program_status, n.hours);
    PERFORM rollup_follow_ups_rows(
              array_agg(n.centre_id), array_agg(n.outcome_date), array_agg(n.month::int), array_agg(n.due_date),
              array_agg(n.reached), array_agg(n.post_program_status::text), array_agg(n.hours::text), 1)
       FROM old_rows o JOIN new_rows n ON n.follow_up_id = o.follow_up_id
      WHERE (o.centre_id, o.outcome_date, o.month, o.due_date, o.reached, o.post_program_status, o.hours)
            IS DISTINCT FROM (n.centre_id, n.outcome_date, n.month, n.due_date, n.reached, n.post_program_status, n.hours);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A follow-up's outcome date and centre, from its outcome and its plan's client, whatever the insert says.
CREATE FUNCTION follow_ups_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.date INTO NEW.outcome_date FROM outcomes o WHERE o.outcome_id = NEW.outcome_id FOR SHARE;
  SELECT c.centre_id INTO NEW.centre_id
    FROM plans p JOIN clients c ON c.client_id = p.client_id
   WHERE p.plan_id = NEW.plan_id FOR SHARE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION follow_ups_outcome_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE follow_ups SET outcome_date = NEW.date WHERE outcome_id = NEW.outcome_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION follow_ups_client_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE follow_ups f SET centre_id = NEW.centre_id
    FROM plans p
   WHERE p.client_id = NEW.client_id AND f.plan_id = p.plan_id AND f.centre_id <> NEW.centre_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION follow_ups_plan_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE follow_ups f SET centre_id = c.centre_id
    FROM clients c
   WHERE c.client_id = NEW.client_id AND f.plan_id = NEW.plan_id AND f.centre_id <> c.centre_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER follow_ups_fill BEFORE INSERT OR UPDATE OF plan_id, outcome_id ON follow_ups
  FOR EACH ROW EXECUTE FUNCTION follow_ups_fill();
--> statement-breakpoint
CREATE TRIGGER follow_ups_rollup_insert AFTER INSERT ON follow_ups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_follow_ups_changed();
--> statement-breakpoint
CREATE TRIGGER follow_ups_rollup_update AFTER UPDATE ON follow_ups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_follow_ups_changed();
--> statement-breakpoint
CREATE TRIGGER follow_ups_rollup_delete AFTER DELETE ON follow_ups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_follow_ups_changed();
--> statement-breakpoint
CREATE TRIGGER follow_ups_rollup_truncate AFTER TRUNCATE ON follow_ups
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_follow_ups_changed();
--> statement-breakpoint
CREATE TRIGGER outcomes_follow_ups_date AFTER UPDATE OF date ON outcomes
  FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date) EXECUTE FUNCTION follow_ups_outcome_moved();
--> statement-breakpoint
CREATE TRIGGER clients_follow_ups_centre AFTER UPDATE OF centre_id ON clients
  FOR EACH ROW WHEN (OLD.centre_id IS DISTINCT FROM NEW.centre_id) EXECUTE FUNCTION follow_ups_client_moved();
--> statement-breakpoint
CREATE TRIGGER plans_follow_ups_centre AFTER UPDATE OF client_id ON plans
  FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id) EXECUTE FUNCTION follow_ups_plan_moved();
--> statement-breakpoint
SELECT rollup_follow_ups_rebuild();
