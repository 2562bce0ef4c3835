-- Spec §4: a plan is Closed when it has an outcome and Open otherwise. The status follows the
-- outcomes table whoever writes it; reopening a plan while the client has another open plan
-- fails on plans_one_open_per_client_uq, which the API answers with 409. The triggers run once
-- per statement with the changed rows as a table, so a bulk write of outcomes (the large seed,
-- an import) updates its plans in one go instead of once per row.
CREATE FUNCTION outcomes_close_plans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plans p SET status = 'Closed', updated_at = now()
    FROM (SELECT DISTINCT plan_id FROM new_rows) o
   WHERE p.plan_id = o.plan_id AND p.status <> 'Closed';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outcomes_reopen_plans() RETURNS trigger LANGUAGE plpgsql AS $$
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
