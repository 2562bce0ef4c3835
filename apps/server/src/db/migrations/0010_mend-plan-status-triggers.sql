-- 0009 was changed after it first landed: its first version kept plan status with row-level
-- triggers calling outcomes_close_plan() and outcomes_reopen_plan(); the second with
-- statement-level triggers calling outcomes_close_plans() and outcomes_reopen_plans(). A database
-- migrated with the first version never ran the second (the migrator knows 0009 as applied), so
-- this brings both to the same state: the old functions gone, the statement-level triggers and
-- their functions as the current 0009 defines them. On a database migrated with the current 0009
-- it replaces each object with an identical one.
DROP TRIGGER IF EXISTS outcomes_insert_close ON outcomes;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outcomes_delete_reopen ON outcomes;
--> statement-breakpoint
DROP FUNCTION IF EXISTS outcomes_close_plan();
--> statement-breakpoint
DROP FUNCTION IF EXISTS outcomes_reopen_plan();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outcomes_close_plans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plans p SET status = 'Closed', updated_at = now()
    FROM (SELECT DISTINCT plan_id FROM new_rows) o
   WHERE p.plan_id = o.plan_id AND p.status <> 'Closed';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION outcomes_reopen_plans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- When the plans themselves are being deleted their rows are already gone: nothing is updated.
  UPDATE plans p SET status = 'Open', updated_at = now()
    FROM (SELECT DISTINCT plan_id FROM old_rows) o
   WHERE p.plan_id = o.plan_id AND p.status <> 'Open';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outcomes_insert_close AFTER INSERT ON outcomes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION outcomes_close_plans();
--> statement-breakpoint
CREATE TRIGGER outcomes_delete_reopen AFTER DELETE ON outcomes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION outcomes_reopen_plans();
