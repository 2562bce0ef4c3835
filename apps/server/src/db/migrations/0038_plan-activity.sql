CREATE TABLE "plan_activity" (
	"plan_id" integer PRIMARY KEY NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_activity" ADD CONSTRAINT "plan_activity_plan_id_plans_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("plan_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- My work's "gone quiet" (docs/ARCHITECTURE.md, "My work"): each plan's last activity, kept here
-- by the triggers below as records are written, so that the list reads one row per open plan
-- instead of probing its notes, spendings and client's interactions on every call.
--
-- last_activity_at is the latest of: the plan's updated_at; its notes' and spendings'
-- updated_at; its client's interactions' created_at (those recorded while the plan is open, and
-- the latest one whenever the plan is inserted or changed: a plan reopened, or moved to another
-- client by a merge); and the time (now()) a note, spending or interaction under it was deleted,
-- a deletion being a change of the plan. Every write only raises it (greatest), so it never goes
-- back. For inserts, and for updates (which stamp now()), it is exactly the greatest of those
-- columns that My work used to compute on every call; a record moved to another plan or client
-- counts where it goes, and what it left keeps its time, as after a deletion.
--
-- A table of its own rather than a column of plans: a note or spending written would then be an
-- UPDATE of plans, a new version of the wide plan row that fires the statement-level triggers of
-- plans (0003's recent plan status, which reads the client's newest plan; 0018's spans and
-- 0019's rollups, each joining the statement's old and new rows; and these below), and the
-- column would have to join the audit's bookkeeping columns. Here a note's write updates one
-- narrow row found by its key, and the free room left on each page (fillfactor) keeps that a HOT
-- update, without a new index entry.
--
-- As the rollups' triggers do, each trigger first takes its clients' locks (rollup_lock, 0019)
-- and only then writes their plans' rows here: two transactions writing under one client (a note
-- and a spending with its rollup rows, a group's bulk action and one note) meet on the client's
-- lock first, whatever they write, instead of each holding a row the other waits for. The
-- interactions' triggers are named to run before 0018's report triggers, which take the
-- interaction days' locks: the rollup locks come first there too.
ALTER TABLE "plan_activity" SET (fillfactor = 50);
--> statement-breakpoint
-- Raises each plan's last activity to the latest of its times given; never lowers it.
CREATE FUNCTION plan_activity_raise(a_plans int[], a_times timestamptz[]) RETURNS void LANGUAGE sql AS $$
  UPDATE plan_activity a SET last_activity_at = x.at
    FROM (SELECT plan_id, max(at) AS at FROM unnest(a_plans, a_times) AS r(plan_id, at) GROUP BY plan_id) x
   WHERE a.plan_id = x.plan_id AND x.at > a.last_activity_at
$$;
--> statement-breakpoint
-- Plans inserted or changed: their own updated_at and their client's latest interaction. On an
-- update the old clients are locked too (a plan moved by a merge), all at once and in order.
CREATE FUNCTION plan_activity_plans_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(array_agg(x.client_id))
       FROM (SELECT client_id FROM old_rows UNION ALL SELECT client_id FROM new_rows) x;
  ELSE
    PERFORM rollup_lock(array_agg(client_id)) FROM new_rows;
  END IF;
  INSERT INTO plan_activity AS a (plan_id, last_activity_at)
  SELECT n.plan_id,
         greatest(n.updated_at, (SELECT max(i.created_at) FROM client_interactions i WHERE i.client_id = n.client_id))
    FROM new_rows n
      ON CONFLICT (plan_id) DO UPDATE SET last_activity_at = excluded.last_activity_at
   WHERE excluded.last_activity_at > a.last_activity_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Notes and spendings: inserted or changed, their updated_at; deleted, now. Records deleted with
-- their plan find no plan (its row here went with it).
CREATE FUNCTION plan_activity_records_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rollup_lock_plans(array_agg(plan_id)) FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock_plans(array_agg(x.plan_id))
       FROM (SELECT plan_id FROM old_rows UNION ALL SELECT plan_id FROM new_rows) x;
  ELSE
    PERFORM rollup_lock_plans(array_agg(plan_id)) FROM old_rows;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM plan_activity_raise(array_agg(plan_id), array_agg(now())) FROM old_rows;
  ELSE
    PERFORM plan_activity_raise(array_agg(plan_id), array_agg(updated_at)) FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Client interactions, for their client's open plan: inserted or changed, their created_at;
-- deleted, now. Interactions deleted with their client find no plan.
CREATE FUNCTION plan_activity_interactions_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rollup_lock(array_agg(client_id)) FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM rollup_lock(array_agg(x.client_id))
       FROM (SELECT client_id FROM old_rows UNION ALL SELECT client_id FROM new_rows) x;
  ELSE
    PERFORM rollup_lock(array_agg(client_id)) FROM old_rows;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM plan_activity_raise(array_agg(p.plan_id), array_agg(now()))
       FROM old_rows r JOIN plans p ON p.client_id = r.client_id AND p.status = 'Open';
  ELSE
    PERFORM plan_activity_raise(array_agg(p.plan_id), array_agg(r.created_at))
       FROM new_rows r JOIN plans p ON p.client_id = r.client_id AND p.status = 'Open';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plans_activity_insert AFTER INSERT ON plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_plans_written();
--> statement-breakpoint
CREATE TRIGGER plans_activity_update AFTER UPDATE ON plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_plans_written();
--> statement-breakpoint
CREATE TRIGGER notes_activity_insert AFTER INSERT ON notes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_records_written();
--> statement-breakpoint
CREATE TRIGGER notes_activity_update AFTER UPDATE ON notes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_records_written();
--> statement-breakpoint
CREATE TRIGGER notes_activity_delete AFTER DELETE ON notes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_records_written();
--> statement-breakpoint
CREATE TRIGGER spendings_activity_insert AFTER INSERT ON spendings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_records_written();
--> statement-breakpoint
CREATE TRIGGER spendings_activity_update AFTER UPDATE ON spendings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_records_written();
--> statement-breakpoint
CREATE TRIGGER spendings_activity_delete AFTER DELETE ON spendings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_records_written();
--> statement-breakpoint
CREATE TRIGGER client_interactions_activity_insert AFTER INSERT ON client_interactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_interactions_written();
--> statement-breakpoint
CREATE TRIGGER client_interactions_activity_update AFTER UPDATE ON client_interactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_interactions_written();
--> statement-breakpoint
CREATE TRIGGER client_interactions_activity_delete AFTER DELETE ON client_interactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plan_activity_interactions_written();
--> statement-breakpoint
-- The backfill: every plan's last activity from the records already there, as My work read it.
INSERT INTO plan_activity (plan_id, last_activity_at)
SELECT p.plan_id, greatest(p.updated_at, n.at, s.at, i.at)
  FROM plans p
  LEFT JOIN (SELECT plan_id, max(updated_at) AS at FROM notes GROUP BY plan_id) n ON n.plan_id = p.plan_id
  LEFT JOIN (SELECT plan_id, max(updated_at) AS at FROM spendings GROUP BY plan_id) s ON s.plan_id = p.plan_id
  LEFT JOIN (SELECT client_id, max(created_at) AS at FROM client_interactions GROUP BY client_id) i
    ON i.client_id = p.client_id;
--> statement-breakpoint
ANALYZE plan_activity;
