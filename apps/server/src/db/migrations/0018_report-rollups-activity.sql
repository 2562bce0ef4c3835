CREATE TABLE "report_answer_sets" (
	"answers_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_answer_sets_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"gender" varchar(16),
	"indigenous" varchar(3),
	"status_type" varchar(32),
	"reserve" varchar(16),
	"disability" varchar(3),
	"highest_education" varchar(32),
	"citizenship" varchar(32),
	"province" char(2),
	CONSTRAINT "report_answer_sets_key_uq" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "report_client_spans" (
	"client_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"centre_id" integer NOT NULL,
	"is_plan" boolean NOT NULL,
	"span_start" date NOT NULL,
	"span_end" date NOT NULL,
	"prev_end" date NOT NULL,
	"prev_plan_end" date NOT NULL,
	"date_of_birth" date,
	"answers_id" integer NOT NULL,
	CONSTRAINT "report_client_spans_pk" PRIMARY KEY("client_id","seq")
);
--> statement-breakpoint
CREATE TABLE "report_day_counts" (
	"kind" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"key" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_day_counts_pk" PRIMARY KEY("kind","day","centre_id","key")
);
--> statement-breakpoint
CREATE TABLE "report_interaction_days" (
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_interaction_days_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_story_days" (
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"prev_day" date NOT NULL,
	"centre_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_story_days_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
ALTER TABLE "report_client_spans" ADD CONSTRAINT "report_client_spans_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_client_spans" ADD CONSTRAINT "report_client_spans_answers_id_report_answer_sets_answers_id_fk" FOREIGN KEY ("answers_id") REFERENCES "public"."report_answer_sets"("answers_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Reports (issue 12): the clients, client interactions and stories dashboards read these tables,
-- kept by statement-level triggers with transition tables, so that a bulk write (the large seed,
-- an import) updates them once per statement. See the schema (report-rollups.ts) for what each
-- row means, and docs/performance.md (Reports) for the measurements.
--
-- A client's served spans: recomputed from its intake, plans and outcomes whenever one of them
-- changes. A client has a handful of rows, so recomputing them is cheaper than patching them.
-- Two transactions refreshing the same client would each delete the rows they see and insert
-- their own: each refresh first takes a transaction lock on its clients (in 256 buckets, in
-- order, so a bulk refresh holds a bounded number of locks), and the statements after it see the
-- other's committed rows (a function's statements each take a new snapshot).
-- Its answers' combination is added to report_answer_sets first when it is new.
CREATE FUNCTION report_client_spans_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  -- One refresh of a client at a time: a second waits here, then sees the first's rows.
  SELECT pg_advisory_xact_lock(18001, b) FROM (SELECT DISTINCT i % 256 AS b FROM unnest(ids) i ORDER BY 1) x;
  INSERT INTO report_answer_sets (key, gender, indigenous, status_type, reserve, disability,
                                  highest_education, citizenship, province)
  SELECT DISTINCT ROW(c.gender, c.indigenous, c.status_type, c.reserve, c.disability,
                      c.highest_education, c.citizenship, c.province)::text,
         c.gender, c.indigenous, c.status_type, c.reserve, c.disability, c.highest_education,
         c.citizenship, c.province
    FROM clients c
   WHERE c.client_id IN (SELECT unnest(ids))
  ON CONFLICT (key) DO NOTHING;
  DELETE FROM report_client_spans WHERE client_id IN (SELECT unnest(ids));
  INSERT INTO report_client_spans (client_id, seq, centre_id, is_plan, span_start, span_end, prev_end,
                                   prev_plan_end, date_of_birth, answers_id)
  SELECT c.client_id, row_number() OVER w, c.centre_id, s.is_plan, s.span_start, s.span_end,
         coalesce(max(s.span_end) OVER earlier, '-infinity'),
         coalesce(max(s.span_end) FILTER (WHERE s.is_plan) OVER earlier, '-infinity'),
         c.date_of_birth, a.answers_id
    FROM clients c
    JOIN report_answer_sets a
      ON a.key = ROW(c.gender, c.indigenous, c.status_type, c.reserve, c.disability,
                     c.highest_education, c.citizenship, c.province)::text
   CROSS JOIN LATERAL (
     -- The intake day (the clients dashboard's new clients)…
     SELECT false AS is_plan, c.created_at::date AS span_start, c.created_at::date AS span_end
     UNION ALL
     -- …and each plan, active from its start to its outcome, or for ever while it is open.
     SELECT true, p.date,
            CASE WHEN p.status = 'Open' THEN 'infinity'::date ELSE greatest(p.date, o.date) END
       FROM plans p LEFT JOIN outcomes o ON o.plan_id = p.plan_id
      WHERE p.client_id = c.client_id) s
   WHERE c.client_id IN (SELECT unnest(ids))
  WINDOW w AS (PARTITION BY c.client_id ORDER BY s.span_start, s.span_end, s.is_plan),
         earlier AS (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING);
$$;
--> statement-breakpoint
-- A client's interaction days and story days, recomputed from its records.
CREATE FUNCTION report_interaction_days_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  -- One refresh of a client at a time: a second waits here, then sees the first's rows.
  SELECT pg_advisory_xact_lock(18002, b) FROM (SELECT DISTINCT i % 256 AS b FROM unnest(ids) i ORDER BY 1) x;
  DELETE FROM report_interaction_days WHERE client_id IN (SELECT unnest(ids));
  INSERT INTO report_interaction_days (client_id, day, prev_day, centre_id, n)
  SELECT ci.client_id, ci.date,
         coalesce(lag(ci.date) OVER (PARTITION BY ci.client_id ORDER BY ci.date), '-infinity'),
         c.centre_id, sum(ci.count)
    FROM client_interactions ci JOIN clients c ON c.client_id = ci.client_id
   WHERE ci.client_id IN (SELECT unnest(ids))
   GROUP BY ci.client_id, ci.date, c.centre_id;
$$;
--> statement-breakpoint
CREATE FUNCTION report_story_days_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  -- One refresh of a client at a time: a second waits here, then sees the first's rows.
  SELECT pg_advisory_xact_lock(18003, b) FROM (SELECT DISTINCT i % 256 AS b FROM unnest(ids) i ORDER BY 1) x;
  DELETE FROM report_story_days WHERE client_id IN (SELECT unnest(ids));
  INSERT INTO report_story_days (client_id, day, prev_day, centre_id, n)
  SELECT st.client_id, st.date,
         coalesce(lag(st.date) OVER (PARTITION BY st.client_id ORDER BY st.date), '-infinity'),
         c.centre_id, count(*)
    FROM stories st JOIN clients c ON c.client_id = st.client_id
   WHERE st.client_id IN (SELECT unnest(ids))
   GROUP BY st.client_id, st.date, c.centre_id;
$$;
--> statement-breakpoint
-- Clients: new clients per intake day and centre; the spans of the clients whose centre, intake
-- day or reported answers changed; a moved client's interaction sums and days go with it.
CREATE FUNCTION report_clients_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'new_client', created_at::date, centre_id, 0, count(*) FROM new_rows GROUP BY 2, 3
      ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n;
    PERFORM report_client_spans_refresh(ARRAY(SELECT client_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    -- Their spans go by the foreign key; their days with their interactions and stories.
    INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'new_client', created_at::date, centre_id, 0, -count(*) FROM old_rows GROUP BY 2, 3
      ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n;
  ELSE
    INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'new_client', day, centre_id, 0, sum(d) FROM (
        SELECT o.created_at::date AS day, o.centre_id, -1 AS d, n.created_at::date AS new_day, n.centre_id AS new_centre
          FROM old_rows o JOIN new_rows n USING (client_id)
        UNION ALL
        SELECT n.created_at::date, n.centre_id, 1, o.created_at::date, o.centre_id
          FROM old_rows o JOIN new_rows n USING (client_id)) m
       WHERE (day, centre_id) <> (new_day, new_centre)
       GROUP BY day, centre_id
      ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n;
    moved := ARRAY(SELECT n.client_id FROM old_rows o JOIN new_rows n USING (client_id)
                    WHERE o.centre_id <> n.centre_id);
    IF cardinality(moved) > 0 THEN
      INSERT INTO report_day_counts (kind, day, centre_id, key, n)
        SELECT 'interaction', ci.date, x.centre_id, ci.interaction_id, sum(ci.count * x.sign)
          FROM (SELECT client_id, centre_id, -1 AS sign FROM old_rows WHERE client_id = ANY (moved)
                UNION ALL
                SELECT client_id, centre_id, 1 FROM new_rows WHERE client_id = ANY (moved)) x
          JOIN client_interactions ci ON ci.client_id = x.client_id
         GROUP BY 2, 3, 4
        ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n;
      UPDATE report_interaction_days d SET centre_id = n.centre_id
        FROM new_rows n WHERE n.client_id = ANY (moved) AND d.client_id = n.client_id;
      UPDATE report_story_days d SET centre_id = n.centre_id
        FROM new_rows n WHERE n.client_id = ANY (moved) AND d.client_id = n.client_id;
    END IF;
    PERFORM report_client_spans_refresh(ARRAY(
      SELECT n.client_id FROM old_rows o JOIN new_rows n USING (client_id)
       WHERE (o.centre_id, o.created_at::date, o.gender, o.date_of_birth, o.indigenous, o.status_type,
              o.reserve, o.disability, o.highest_education, o.citizenship, o.province)
             IS DISTINCT FROM
             (n.centre_id, n.created_at::date, n.gender, n.date_of_birth, n.indigenous, n.status_type,
              n.reserve, n.disability, n.highest_education, n.citizenship, n.province)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_report_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clients_changed();
--> statement-breakpoint
CREATE TRIGGER clients_report_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clients_changed();
--> statement-breakpoint
CREATE TRIGGER clients_report_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_clients_changed();
--> statement-breakpoint
-- Plans and outcomes: the spans of their clients (a plan's status follows its outcome by the
-- triggers of 0009, and a status change reaches here as a plan update).
CREATE FUNCTION report_plans_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_client_spans_refresh(ARRAY(SELECT DISTINCT client_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_client_spans_refresh(ARRAY(SELECT DISTINCT client_id FROM old_rows));
  ELSE
    PERFORM report_client_spans_refresh(ARRAY(
      SELECT o.client_id FROM old_rows o JOIN new_rows n USING (plan_id)
       WHERE (o.client_id, o.date, o.status) IS DISTINCT FROM (n.client_id, n.date, n.status)
      UNION
      SELECT n.client_id FROM old_rows o JOIN new_rows n USING (plan_id)
       WHERE (o.client_id, o.date, o.status) IS DISTINCT FROM (n.client_id, n.date, n.status)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plans_report_insert AFTER INSERT ON plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_plans_changed();
--> statement-breakpoint
CREATE TRIGGER plans_report_update AFTER UPDATE ON plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_plans_changed();
--> statement-breakpoint
CREATE TRIGGER plans_report_delete AFTER DELETE ON plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_plans_changed();
--> statement-breakpoint
CREATE FUNCTION report_outcomes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An outcome deleted with its plan has no plan left: the plan's own trigger refreshes its client.
  IF TG_OP = 'INSERT' THEN
    PERFORM report_client_spans_refresh(ARRAY(
      SELECT DISTINCT p.client_id FROM new_rows o JOIN plans p ON p.plan_id = o.plan_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_client_spans_refresh(ARRAY(
      SELECT DISTINCT p.client_id FROM old_rows o JOIN plans p ON p.plan_id = o.plan_id));
  ELSE
    PERFORM report_client_spans_refresh(ARRAY(
      SELECT p.client_id
        FROM old_rows o JOIN new_rows n USING (outcome_id)
        JOIN plans p ON p.plan_id IN (o.plan_id, n.plan_id)
       WHERE (o.plan_id, o.date) IS DISTINCT FROM (n.plan_id, n.date)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outcomes_report_insert AFTER INSERT ON outcomes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_changed();
--> statement-breakpoint
CREATE TRIGGER outcomes_report_update AFTER UPDATE ON outcomes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_changed();
--> statement-breakpoint
CREATE TRIGGER outcomes_report_delete AFTER DELETE ON outcomes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_outcomes_changed();
--> statement-breakpoint
-- Interactions: sums per centre, day and type, and their clients' days. A record deleted with its
-- client (a cascade) no longer finds the client: its centre is the one its day row still holds.
CREATE FUNCTION report_interactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'interaction', r.date, c.centre_id, r.interaction_id, sum(r.count)
        FROM new_rows r JOIN clients c ON c.client_id = r.client_id
       GROUP BY 2, 3, 4
      ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n;
    PERFORM report_interaction_days_refresh(ARRAY(SELECT DISTINCT client_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'interaction', r.date, coalesce(c.centre_id, d.centre_id), r.interaction_id, -sum(r.count)
        FROM old_rows r
        LEFT JOIN clients c ON c.client_id = r.client_id
        LEFT JOIN report_interaction_days d ON d.client_id = r.client_id AND d.day = r.date
       WHERE coalesce(c.centre_id, d.centre_id) IS NOT NULL
       GROUP BY 2, 3, 4
      ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n;
    PERFORM report_interaction_days_refresh(ARRAY(SELECT DISTINCT client_id FROM old_rows));
  ELSE
    INSERT INTO report_day_counts (kind, day, centre_id, key, n)
      SELECT 'interaction', r.date, c.centre_id, r.interaction_id, sum(r.n)
        FROM (SELECT client_id, date, interaction_id, -count AS n FROM old_rows
              UNION ALL
              SELECT client_id, date, interaction_id, count FROM new_rows) r
        JOIN clients c ON c.client_id = r.client_id
       GROUP BY 2, 3, 4
      HAVING sum(r.n) <> 0
      ON CONFLICT (kind, day, centre_id, key) DO UPDATE SET n = report_day_counts.n + EXCLUDED.n;
    PERFORM report_interaction_days_refresh(ARRAY(
      SELECT o.client_id FROM old_rows o JOIN new_rows n USING (id)
       WHERE (o.client_id, o.date, o.count) IS DISTINCT FROM (n.client_id, n.date, n.count)
      UNION
      SELECT n.client_id FROM old_rows o JOIN new_rows n USING (id)
       WHERE (o.client_id, o.date, o.count) IS DISTINCT FROM (n.client_id, n.date, n.count)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_interactions_report_insert AFTER INSERT ON client_interactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_interactions_changed();
--> statement-breakpoint
CREATE TRIGGER client_interactions_report_update AFTER UPDATE ON client_interactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_interactions_changed();
--> statement-breakpoint
CREATE TRIGGER client_interactions_report_delete AFTER DELETE ON client_interactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_interactions_changed();
--> statement-breakpoint
-- Stories: their clients' days.
CREATE FUNCTION report_stories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_story_days_refresh(ARRAY(SELECT DISTINCT client_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_story_days_refresh(ARRAY(SELECT DISTINCT client_id FROM old_rows));
  ELSE
    PERFORM report_story_days_refresh(ARRAY(
      SELECT o.client_id FROM old_rows o JOIN new_rows n USING (story_id)
       WHERE (o.client_id, o.date) IS DISTINCT FROM (n.client_id, n.date)
      UNION
      SELECT n.client_id FROM old_rows o JOIN new_rows n USING (story_id)
       WHERE (o.client_id, o.date) IS DISTINCT FROM (n.client_id, n.date)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stories_report_insert AFTER INSERT ON stories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stories_changed();
--> statement-breakpoint
CREATE TRIGGER stories_report_update AFTER UPDATE ON stories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stories_changed();
--> statement-breakpoint
CREATE TRIGGER stories_report_delete AFTER DELETE ON stories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_stories_changed();
--> statement-breakpoint
-- Backfill from the records already there, then the indexes (built once, over the full tables).
INSERT INTO report_day_counts (kind, day, centre_id, key, n)
  SELECT 'new_client', created_at::date, centre_id, 0, count(*) FROM clients GROUP BY 2, 3;
--> statement-breakpoint
INSERT INTO report_day_counts (kind, day, centre_id, key, n)
  SELECT 'interaction', ci.date, c.centre_id, ci.interaction_id, sum(ci.count)
    FROM client_interactions ci JOIN clients c ON c.client_id = ci.client_id
   GROUP BY 2, 3, 4;
--> statement-breakpoint
SELECT report_client_spans_refresh(ARRAY(SELECT client_id FROM clients));
--> statement-breakpoint
SELECT report_interaction_days_refresh(ARRAY(SELECT DISTINCT client_id FROM client_interactions));
--> statement-breakpoint
SELECT report_story_days_refresh(ARRAY(SELECT DISTINCT client_id FROM stories));
--> statement-breakpoint
CREATE INDEX "report_client_spans_end_idx" ON "report_client_spans" USING btree ("span_end","prev_end","span_start","answers_id","date_of_birth");--> statement-breakpoint
CREATE INDEX "report_client_spans_centre_end_idx" ON "report_client_spans" USING btree ("centre_id","span_end","prev_end","span_start","answers_id","date_of_birth");--> statement-breakpoint
CREATE INDEX "report_client_spans_plan_end_idx" ON "report_client_spans" USING btree ("span_end","prev_plan_end","span_start") WHERE "report_client_spans"."is_plan";--> statement-breakpoint
CREATE INDEX "report_client_spans_centre_plan_end_idx" ON "report_client_spans" USING btree ("centre_id","span_end","prev_plan_end","span_start") WHERE "report_client_spans"."is_plan";--> statement-breakpoint
CREATE INDEX "report_day_counts_day_idx" ON "report_day_counts" USING btree ("kind","day","key","n");--> statement-breakpoint
CREATE INDEX "report_day_counts_centre_idx" ON "report_day_counts" USING btree ("kind","centre_id","day","key","n");--> statement-breakpoint
CREATE INDEX "report_interaction_days_day_idx" ON "report_interaction_days" USING btree ("day","prev_day","n");--> statement-breakpoint
CREATE INDEX "report_interaction_days_centre_day_idx" ON "report_interaction_days" USING btree ("centre_id","day","prev_day","n");--> statement-breakpoint
CREATE INDEX "report_story_days_day_idx" ON "report_story_days" USING btree ("day","prev_day","n");--> statement-breakpoint
CREATE INDEX "report_story_days_centre_day_idx" ON "report_story_days" USING btree ("centre_id","day","prev_day","n");