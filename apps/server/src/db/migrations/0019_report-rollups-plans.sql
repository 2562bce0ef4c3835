CREATE TABLE "report_barrier_days" (
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"barrier_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_barrier_days_grain_day_centre_id_barrier_id_pk" PRIMARY KEY("grain","day","centre_id","barrier_id"),
	CONSTRAINT "report_barrier_days_grain_ck" CHECK ("report_barrier_days"."grain" in ('d', 'm'))
);
--> statement-breakpoint
CREATE TABLE "report_outcome_days" (
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"program_outcome" varchar(32) NOT NULL,
	"incomplete_reason" varchar(32) NOT NULL,
	"post_program_status" varchar(64) NOT NULL,
	"received_certificate" varchar(3) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_outcome_days_pk" PRIMARY KEY("grain","day","centre_id","program_outcome","incomplete_reason","post_program_status","received_certificate"),
	CONSTRAINT "report_outcome_days_grain_ck" CHECK ("report_outcome_days"."grain" in ('d', 'm'))
);
--> statement-breakpoint
CREATE TABLE "report_plan_days" (
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"current_employment" varchar(32) NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_plan_days_grain_day_centre_id_current_employment_pk" PRIMARY KEY("grain","day","centre_id","current_employment"),
	CONSTRAINT "report_plan_days_grain_ck" CHECK ("report_plan_days"."grain" in ('d', 'm'))
);
--> statement-breakpoint
CREATE TABLE "report_spending_days" (
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_spending_days_grain_day_centre_id_pk" PRIMARY KEY("grain","day","centre_id"),
	CONSTRAINT "report_spending_days_grain_ck" CHECK ("report_spending_days"."grain" in ('d', 'm'))
);
--> statement-breakpoint
CREATE TABLE "report_support_days" (
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"support_id" integer NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_support_days_grain_day_centre_id_support_id_pk" PRIMARY KEY("grain","day","centre_id","support_id"),
	CONSTRAINT "report_support_days_grain_ck" CHECK ("report_support_days"."grain" in ('d', 'm'))
);
--> statement-breakpoint
CREATE TABLE "report_training_days" (
	"grain" char(1) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"training_id" integer NOT NULL,
	"noc" varchar(4) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_training_days_grain_day_centre_id_training_id_noc_pk" PRIMARY KEY("grain","day","centre_id","training_id","noc"),
	CONSTRAINT "report_training_days_grain_ck" CHECK ("report_training_days"."grain" in ('d', 'm'))
);
--> statement-breakpoint
-- The rollups are read a few thousand rows at a time: a parallel scan's workers cost more than
-- they save, and under concurrent dashboards they take cores from the other requests (the
-- supports dashboard for every centre, 19–45 ms with two workers, 5–14 ms without, same load).
ALTER TABLE "report_plan_days" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "report_support_days" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "report_barrier_days" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "report_outcome_days" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "report_training_days" SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE "report_spending_days" SET (parallel_workers = 0);
--> statement-breakpoint
-- Issue 12: the plans, outcomes and supports-and-trainings dashboards read these rollups instead
-- of every plan (docs/performance.md, "Rollups: plans, outcomes, supports and trainings"). Each
-- rollup row counts one centre's records on one day (grain 'd') and, again, in one month (grain
-- 'm', day = its first day), so that a range sums its whole months and its edge days only.
--
-- A plan opens on its date and closes on the later of its date and its outcome's date (an outcome
-- dated before its plan closes it the day it opens). Then, for a range [s, e]:
--   opened in it = opened in [s, e]; closed in it = closed in [s, e];
--   open at its end = opened up to e minus closed up to e;
--   open at some time in it = opened up to e minus closed before s.
--
-- Triggers run once per statement with the changed rows as transition tables, so a bulk write
-- (group bulk actions, the large seed) updates each rollup once. Rows whose plan is gone are
-- left alone: deleting a plan or a client takes away everything under it first (BEFORE DELETE,
-- one row at a time: deletes are one record at a time), and the cascade that follows finds no
-- plan. A client moving centre moves everything of its plans. TRUNCATE rebuilds from scratch.
--
-- The rollup_*_add functions add deltas to a rollup, in both grains; a key without a value is ''. Rows
-- are written in key order, so that two writers of the same rows lock them in the same order.
CREATE FUNCTION rollup_plan_days_add(a_centres int[], a_days date[], a_employments text[], a_opened int[], a_closed int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_plan_days AS r (grain, day, centre_id, current_employment, opened, closed)
  SELECT g.grain, CASE g.grain WHEN 'm' THEN date_trunc('month', d.day)::date ELSE d.day END,
         d.centre_id, d.k, sum(d.opened), sum(d.closed)
    FROM unnest(a_centres, a_days, a_employments, a_opened, a_closed) AS d(centre_id, day, k, opened, closed)
   CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
   GROUP BY 1, 2, 3, 4
  HAVING sum(d.opened) <> 0 OR sum(d.closed) <> 0
   ORDER BY 1, 2, 3, 4
      ON CONFLICT (grain, day, centre_id, current_employment)
      DO UPDATE SET opened = r.opened + excluded.opened, closed = r.closed + excluded.closed
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_support_days_add(a_centres int[], a_days date[], a_supports int[], a_opened int[], a_closed int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_support_days AS r (grain, day, centre_id, support_id, opened, closed)
  SELECT g.grain, CASE g.grain WHEN 'm' THEN date_trunc('month', d.day)::date ELSE d.day END,
         d.centre_id, d.k, sum(d.opened), sum(d.closed)
    FROM unnest(a_centres, a_days, a_supports, a_opened, a_closed) AS d(centre_id, day, k, opened, closed)
   CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
   GROUP BY 1, 2, 3, 4
  HAVING sum(d.opened) <> 0 OR sum(d.closed) <> 0
   ORDER BY 1, 2, 3, 4
      ON CONFLICT (grain, day, centre_id, support_id)
      DO UPDATE SET opened = r.opened + excluded.opened, closed = r.closed + excluded.closed
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_barrier_days_add(a_centres int[], a_days date[], a_barriers int[], a_n int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_barrier_days AS r (grain, day, centre_id, barrier_id, n)
  SELECT g.grain, CASE g.grain WHEN 'm' THEN date_trunc('month', d.day)::date ELSE d.day END,
         d.centre_id, d.k, sum(d.n)
    FROM unnest(a_centres, a_days, a_barriers, a_n) AS d(centre_id, day, k, n)
   CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
   GROUP BY 1, 2, 3, 4
  HAVING sum(d.n) <> 0
   ORDER BY 1, 2, 3, 4
      ON CONFLICT (grain, day, centre_id, barrier_id) DO UPDATE SET n = r.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_outcome_days_add(a_centres int[], a_days date[], a_outcomes text[], a_reasons text[], a_statuses text[], a_certificates text[], a_n int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_outcome_days AS r
         (grain, day, centre_id, program_outcome, incomplete_reason, post_program_status, received_certificate, n)
  SELECT g.grain, CASE g.grain WHEN 'm' THEN date_trunc('month', d.day)::date ELSE d.day END,
         d.centre_id, d.po, d.ir, d.ps, d.rc, sum(d.n)
    FROM unnest(a_centres, a_days, a_outcomes, a_reasons, a_statuses, a_certificates, a_n)
         AS d(centre_id, day, po, ir, ps, rc, n)
   CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
   GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(d.n) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (grain, day, centre_id, program_outcome, incomplete_reason, post_program_status, received_certificate)
      DO UPDATE SET n = r.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_training_days_add(a_centres int[], a_days date[], a_trainings int[], a_nocs text[], a_n int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_training_days AS r (grain, day, centre_id, training_id, noc, n)
  SELECT g.grain, CASE g.grain WHEN 'm' THEN date_trunc('month', d.day)::date ELSE d.day END,
         d.centre_id, d.k, d.noc, sum(d.n)
    FROM unnest(a_centres, a_days, a_trainings, a_nocs, a_n) AS d(centre_id, day, k, noc, n)
   CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
   GROUP BY 1, 2, 3, 4, 5
  HAVING sum(d.n) <> 0
   ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (grain, day, centre_id, training_id, noc) DO UPDATE SET n = r.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_spending_days_add(a_centres int[], a_days date[], a_cents bigint[], a_lines int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_spending_days AS r (grain, day, centre_id, cents, lines)
  SELECT g.grain, CASE g.grain WHEN 'm' THEN date_trunc('month', d.day)::date ELSE d.day END,
         d.centre_id, sum(d.cents), sum(d.lines)
    FROM unnest(a_centres, a_days, a_cents, a_lines) AS d(centre_id, day, cents, lines)
   CROSS JOIN (VALUES ('d'), ('m')) AS g(grain)
   GROUP BY 1, 2, 3
  HAVING sum(d.cents) <> 0 OR sum(d.lines) <> 0
   ORDER BY 1, 2, 3
      ON CONFLICT (grain, day, centre_id)
      DO UPDATE SET cents = r.cents + excluded.cents, lines = r.lines + excluded.lines
$$;
--> statement-breakpoint
-- Two transactions writing one client's records take turns: a trigger below first takes the
-- lock of the clients it reads for (the same locks as the report tables of 0018: 256 buckets of
-- client ids, in order), then reads the plan, outcome and supports it counts with, which a
-- transaction that wrote them has committed by then. Without it, an outcome saved while a support
-- is added to the same plan would each miss the other's row, and the support would never close.
CREATE FUNCTION rollup_lock(a_clients int[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(18001, b) FROM (SELECT DISTINCT c % 256 AS b FROM unnest(a_clients) c ORDER BY 1) x;
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_lock_plans(a_plans int[]) RETURNS void LANGUAGE sql AS $$
  SELECT rollup_lock(array_agg(p.client_id)) FROM plans p WHERE p.plan_id = ANY (a_plans);
$$;
--> statement-breakpoint
-- Everything the given plans count for, times a_sign, as if each plan had the centre, date and
-- current employment given beside it (a plan's or client's old values on an update).
CREATE FUNCTION rollup_plans_shift(a_plans int[], a_centres int[], a_days date[], a_employments text[], a_sign int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_plan_days_add(
            array_agg(x.centre_id), array_agg(x.day), array_agg(x.k), array_agg(x.opened), array_agg(x.closed))
     FROM (SELECT pl.centre_id, pl.day, coalesce(pl.employment, '') AS k, a_sign AS opened, 0 AS closed
             FROM unnest(a_plans, a_centres, a_days, a_employments) AS pl(plan_id, centre_id, day, employment)
           UNION ALL
           SELECT pl.centre_id, greatest(pl.day, o.date), coalesce(pl.employment, ''), 0, a_sign
             FROM unnest(a_plans, a_centres, a_days, a_employments) AS pl(plan_id, centre_id, day, employment)
             JOIN outcomes o ON o.plan_id = pl.plan_id) x;
  PERFORM rollup_support_days_add(
            array_agg(x.centre_id), array_agg(x.day), array_agg(x.support_id), array_agg(x.opened), array_agg(x.closed))
     FROM (SELECT pl.centre_id, pl.day, ps.support_id, a_sign AS opened, 0 AS closed
             FROM unnest(a_plans, a_centres, a_days) AS pl(plan_id, centre_id, day)
             JOIN plan_supports ps ON ps.plan_id = pl.plan_id
           UNION ALL
           SELECT pl.centre_id, greatest(pl.day, o.date), ps.support_id, 0, a_sign
             FROM unnest(a_plans, a_centres, a_days) AS pl(plan_id, centre_id, day)
             JOIN outcomes o ON o.plan_id = pl.plan_id
             JOIN plan_supports ps ON ps.plan_id = pl.plan_id) x;
  PERFORM rollup_barrier_days_add(array_agg(pl.centre_id), array_agg(pl.day), array_agg(pb.barrier_id), array_agg(a_sign))
     FROM unnest(a_plans, a_centres, a_days) AS pl(plan_id, centre_id, day)
     JOIN plan_barriers pb ON pb.plan_id = pl.plan_id;
  PERFORM rollup_outcome_days_add(
            array_agg(pl.centre_id), array_agg(o.date), array_agg(o.program_outcome::text),
            array_agg(coalesce(o.incomplete_reason, '')), array_agg(o.post_program_status::text),
            array_agg(o.received_certificate::text), array_agg(a_sign))
     FROM unnest(a_plans, a_centres) AS pl(plan_id, centre_id)
     JOIN outcomes o ON o.plan_id = pl.plan_id;
  PERFORM rollup_training_days_add(
            array_agg(pl.centre_id), array_agg(t.date), array_agg(t.training_id), array_agg(coalesce(t.noc, '')),
            array_agg(a_sign))
     FROM unnest(a_plans, a_centres) AS pl(plan_id, centre_id)
     JOIN plan_trainings t ON t.plan_id = pl.plan_id;
  PERFORM rollup_spending_days_add(
            array_agg(pl.centre_id), array_agg(s.date), array_agg(a_sign * round(s.value * 100)::bigint),
            array_agg(a_sign))
     FROM unnest(a_plans, a_centres) AS pl(plan_id, centre_id)
     JOIN spendings s ON s.plan_id = pl.plan_id;
END $$;
--> statement-breakpoint
-- Every rollup recomputed from the records (the backfill below, and after a TRUNCATE).
CREATE FUNCTION rollup_plans_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_plan_days;
  DELETE FROM report_support_days;
  DELETE FROM report_barrier_days;
  DELETE FROM report_outcome_days;
  DELETE FROM report_training_days;
  DELETE FROM report_spending_days;
  PERFORM rollup_plans_shift(
            array_agg(p.plan_id), array_agg(c.centre_id), array_agg(p.date), array_agg(p.current_employment::text), 1)
     FROM plans p JOIN clients c ON c.client_id = p.client_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_plans_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_plans_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Plans: inserted (nothing can be under them yet: only their opening counts), updated (a new
-- date, employment or client moves all they count for; the status updates of the outcome
-- triggers change none of these and cost one look), deleted (before the row goes, while what is
-- under it is still there).
CREATE FUNCTION rollup_plans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rollup_lock(array_agg(n.client_id)) FROM new_rows n;
    PERFORM rollup_plan_days_add(
              array_agg(c.centre_id), array_agg(n.date), array_agg(coalesce(n.current_employment, '')),
              array_agg(1), array_agg(0))
       FROM new_rows n JOIN clients c ON c.client_id = n.client_id;
    RETURN NULL;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.plan_id = o.plan_id
     WHERE (o.date, o.current_employment, o.client_id) IS DISTINCT FROM (n.date, n.current_employment, n.client_id)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM rollup_lock(array_agg(x.client_id))
     FROM (SELECT client_id FROM old_rows UNION SELECT client_id FROM new_rows) x;
  PERFORM rollup_plans_shift(
            array_agg(o.plan_id), array_agg(c.centre_id), array_agg(o.date), array_agg(o.current_employment::text), -1)
     FROM old_rows o JOIN new_rows n ON n.plan_id = o.plan_id JOIN clients c ON c.client_id = o.client_id
    WHERE (o.date, o.current_employment, o.client_id) IS DISTINCT FROM (n.date, n.current_employment, n.client_id);
  PERFORM rollup_plans_shift(
            array_agg(n.plan_id), array_agg(c.centre_id), array_agg(n.date), array_agg(n.current_employment::text), 1)
     FROM old_rows o JOIN new_rows n ON n.plan_id = o.plan_id JOIN clients c ON c.client_id = n.client_id
    WHERE (o.date, o.current_employment, o.client_id) IS DISTINCT FROM (n.date, n.current_employment, n.client_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_plan_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_lock(ARRAY[OLD.client_id]);
  -- Deleted with its client: the client's own trigger has taken the plan away already.
  PERFORM rollup_plans_shift(ARRAY[OLD.plan_id], ARRAY[c.centre_id], ARRAY[OLD.date], ARRAY[OLD.current_employment::text], -1)
     FROM clients c WHERE c.client_id = OLD.client_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Clients: a move to another centre moves everything of their plans; a delete takes it away.
-- Row-level, and only for a client whose centre changed (the trigger's WHEN): clients move one
-- at a time, while other statements update clients by the thousand (the plan triggers, the large
-- seed), and a statement-level trigger would make each of those keep its old and new rows.
CREATE FUNCTION rollup_client_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_lock(ARRAY[OLD.client_id]);
  PERFORM rollup_plans_shift(
            array_agg(p.plan_id), array_agg(OLD.centre_id), array_agg(p.date), array_agg(p.current_employment::text), -1)
     FROM plans p WHERE p.client_id = OLD.client_id;
  PERFORM rollup_plans_shift(
            array_agg(p.plan_id), array_agg(NEW.centre_id), array_agg(p.date), array_agg(p.current_employment::text), 1)
     FROM plans p WHERE p.client_id = NEW.client_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_client_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_lock(ARRAY[OLD.client_id]);
  PERFORM rollup_plans_shift(
            array_agg(p.plan_id), array_agg(OLD.centre_id), array_agg(p.date), array_agg(p.current_employment::text), -1)
     FROM plans p WHERE p.client_id = OLD.client_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Records under a plan, counted with their plan's current centre, date and outcome, times a_sign.
CREATE FUNCTION rollup_outcomes_rows(a_plans int[], a_days date[], a_outcomes text[], a_reasons text[], a_statuses text[], a_certificates text[], a_sign int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_outcome_days_add(
            array_agg(c.centre_id), array_agg(r.day), array_agg(r.po), array_agg(coalesce(r.ir, '')),
            array_agg(r.ps), array_agg(r.rc), array_agg(a_sign))
     FROM unnest(a_plans, a_days, a_outcomes, a_reasons, a_statuses, a_certificates) AS r(plan_id, day, po, ir, ps, rc)
     JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id;
  -- The outcome closes its plan, and the plan's supports with it.
  PERFORM rollup_plan_days_add(
            array_agg(c.centre_id), array_agg(greatest(p.date, r.day)), array_agg(coalesce(p.current_employment, '')),
            array_agg(0), array_agg(a_sign))
     FROM unnest(a_plans, a_days) AS r(plan_id, day)
     JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id;
  PERFORM rollup_support_days_add(
            array_agg(c.centre_id), array_agg(greatest(p.date, r.day)), array_agg(ps.support_id),
            array_agg(0), array_agg(a_sign))
     FROM unnest(a_plans, a_days) AS r(plan_id, day)
     JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id
     JOIN plan_supports ps ON ps.plan_id = p.plan_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_outcomes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM old_rows; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM new_rows; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM rollup_outcomes_rows(
              array_agg(o.plan_id), array_agg(o.date), array_agg(o.program_outcome::text), array_agg(o.incomplete_reason::text),
              array_agg(o.post_program_status::text), array_agg(o.received_certificate::text), -1)
       FROM old_rows o;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM rollup_outcomes_rows(
              array_agg(o.plan_id), array_agg(o.date), array_agg(o.program_outcome::text), array_agg(o.incomplete_reason::text),
              array_agg(o.post_program_status::text), array_agg(o.received_certificate::text), 1)
       FROM new_rows o;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_supports_rows(a_plans int[], a_supports int[], a_sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_support_days_add(
            array_agg(x.centre_id), array_agg(x.day), array_agg(x.support_id), array_agg(x.opened), array_agg(x.closed))
     FROM (SELECT c.centre_id, p.date AS day, r.support_id, a_sign AS opened, 0 AS closed
             FROM unnest(a_plans, a_supports) AS r(plan_id, support_id)
             JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id
           UNION ALL
           SELECT c.centre_id, greatest(p.date, o.date), r.support_id, 0, a_sign
             FROM unnest(a_plans, a_supports) AS r(plan_id, support_id)
             JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id
             JOIN outcomes o ON o.plan_id = p.plan_id) x;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_supports_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM old_rows; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM new_rows; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM rollup_supports_rows(array_agg(o.plan_id), array_agg(o.support_id), -1) FROM old_rows o;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM rollup_supports_rows(array_agg(n.plan_id), array_agg(n.support_id), 1) FROM new_rows n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_barriers_rows(a_plans int[], a_barriers int[], a_sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_barrier_days_add(array_agg(c.centre_id), array_agg(p.date), array_agg(r.barrier_id), array_agg(a_sign))
     FROM unnest(a_plans, a_barriers) AS r(plan_id, barrier_id)
     JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_barriers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM old_rows; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM new_rows; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM rollup_barriers_rows(array_agg(o.plan_id), array_agg(o.barrier_id), -1) FROM old_rows o;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM rollup_barriers_rows(array_agg(n.plan_id), array_agg(n.barrier_id), 1) FROM new_rows n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_trainings_rows(a_plans int[], a_days date[], a_trainings int[], a_nocs text[], a_sign int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_training_days_add(
            array_agg(c.centre_id), array_agg(r.day), array_agg(r.training_id), array_agg(coalesce(r.noc, '')),
            array_agg(a_sign))
     FROM unnest(a_plans, a_days, a_trainings, a_nocs) AS r(plan_id, day, training_id, noc)
     JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_trainings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM old_rows; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM new_rows; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM rollup_trainings_rows(array_agg(o.plan_id), array_agg(o.date), array_agg(o.training_id), array_agg(o.noc::text), -1)
       FROM old_rows o;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM rollup_trainings_rows(array_agg(n.plan_id), array_agg(n.date), array_agg(n.training_id), array_agg(n.noc::text), 1)
       FROM new_rows n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_spendings_rows(a_plans int[], a_days date[], a_values numeric[], a_sign int)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_spending_days_add(
            array_agg(c.centre_id), array_agg(r.day), array_agg(a_sign * round(r.value * 100)::bigint), array_agg(a_sign))
     FROM unnest(a_plans, a_days, a_values) AS r(plan_id, day, value)
     JOIN plans p ON p.plan_id = r.plan_id JOIN clients c ON c.client_id = p.client_id;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_spendings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM old_rows; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_lock_plans(array_agg(plan_id)) FROM new_rows; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM rollup_spendings_rows(array_agg(o.plan_id), array_agg(o.date), array_agg(o.value), -1) FROM old_rows o;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM rollup_spendings_rows(array_agg(n.plan_id), array_agg(n.date), array_agg(n.value), 1) FROM new_rows n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plans_rollup_insert AFTER INSERT ON plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_changed();
--> statement-breakpoint
CREATE TRIGGER plans_rollup_update AFTER UPDATE ON plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_changed();
--> statement-breakpoint
CREATE TRIGGER plans_rollup_delete BEFORE DELETE ON plans
  FOR EACH ROW EXECUTE FUNCTION rollup_plan_deleting();
--> statement-breakpoint
CREATE TRIGGER outcomes_rollup_insert AFTER INSERT ON outcomes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_outcomes_changed();
--> statement-breakpoint
CREATE TRIGGER outcomes_rollup_update AFTER UPDATE ON outcomes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_outcomes_changed();
--> statement-breakpoint
CREATE TRIGGER outcomes_rollup_delete AFTER DELETE ON outcomes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_outcomes_changed();
--> statement-breakpoint
CREATE TRIGGER plan_supports_rollup_insert AFTER INSERT ON plan_supports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_supports_changed();
--> statement-breakpoint
CREATE TRIGGER plan_supports_rollup_update AFTER UPDATE ON plan_supports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_supports_changed();
--> statement-breakpoint
CREATE TRIGGER plan_supports_rollup_delete AFTER DELETE ON plan_supports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_supports_changed();
--> statement-breakpoint
CREATE TRIGGER plan_barriers_rollup_insert AFTER INSERT ON plan_barriers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_barriers_changed();
--> statement-breakpoint
CREATE TRIGGER plan_barriers_rollup_update AFTER UPDATE ON plan_barriers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_barriers_changed();
--> statement-breakpoint
CREATE TRIGGER plan_barriers_rollup_delete AFTER DELETE ON plan_barriers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_barriers_changed();
--> statement-breakpoint
CREATE TRIGGER plan_trainings_rollup_insert AFTER INSERT ON plan_trainings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_trainings_changed();
--> statement-breakpoint
CREATE TRIGGER plan_trainings_rollup_update AFTER UPDATE ON plan_trainings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_trainings_changed();
--> statement-breakpoint
CREATE TRIGGER plan_trainings_rollup_delete AFTER DELETE ON plan_trainings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_trainings_changed();
--> statement-breakpoint
CREATE TRIGGER spendings_rollup_insert AFTER INSERT ON spendings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_spendings_changed();
--> statement-breakpoint
CREATE TRIGGER spendings_rollup_update AFTER UPDATE ON spendings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_spendings_changed();
--> statement-breakpoint
CREATE TRIGGER spendings_rollup_delete AFTER DELETE ON spendings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_spendings_changed();
--> statement-breakpoint
CREATE TRIGGER clients_rollup_move AFTER UPDATE OF centre_id ON clients
  FOR EACH ROW WHEN (OLD.centre_id IS DISTINCT FROM NEW.centre_id) EXECUTE FUNCTION rollup_client_moved();
--> statement-breakpoint
CREATE TRIGGER clients_rollup_delete BEFORE DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION rollup_client_deleting();
--> statement-breakpoint
CREATE TRIGGER clients_rollup_truncate AFTER TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_truncated();
--> statement-breakpoint
CREATE TRIGGER plans_rollup_truncate AFTER TRUNCATE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_truncated();
--> statement-breakpoint
CREATE TRIGGER outcomes_rollup_truncate AFTER TRUNCATE ON outcomes
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_truncated();
--> statement-breakpoint
CREATE TRIGGER plan_supports_rollup_truncate AFTER TRUNCATE ON plan_supports
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_truncated();
--> statement-breakpoint
CREATE TRIGGER plan_barriers_rollup_truncate AFTER TRUNCATE ON plan_barriers
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_truncated();
--> statement-breakpoint
CREATE TRIGGER plan_trainings_rollup_truncate AFTER TRUNCATE ON plan_trainings
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_truncated();
--> statement-breakpoint
CREATE TRIGGER spendings_rollup_truncate AFTER TRUNCATE ON spendings
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_plans_truncated();
--> statement-breakpoint
-- The backfill: every install's records counted once.
SELECT rollup_plans_rebuild();
--> statement-breakpoint
-- Statistics for the report tables of 0018 and these at once, before autovacuum comes by: the
-- dashboards' plans depend on them.
ANALYZE report_answer_sets, report_client_spans, report_day_counts, report_interaction_days, report_story_days,
  report_barrier_days, report_outcome_days, report_plan_days, report_spending_days, report_support_days,
  report_training_days;
