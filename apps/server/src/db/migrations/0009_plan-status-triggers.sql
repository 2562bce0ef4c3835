-- Spec §4: a plan is Closed when it has an outcome and Open otherwise. The status follows the
-- outcomes table whoever writes it; reopening a plan while the client has another open plan
-- fails on plans_one_open_per_client_uq, which the API answers with 409.
CREATE FUNCTION outcomes_close_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plans SET status = 'Closed', updated_at = now()
   WHERE plan_id = NEW.plan_id AND status <> 'Closed';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION outcomes_reopen_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- When the plan itself is being deleted its row is already gone and nothing is updated.
  UPDATE plans SET status = 'Open', updated_at = now()
   WHERE plan_id = OLD.plan_id AND status <> 'Open';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outcomes_insert_close AFTER INSERT ON outcomes
  FOR EACH ROW EXECUTE FUNCTION outcomes_close_plan();
--> statement-breakpoint
CREATE TRIGGER outcomes_delete_reopen AFTER DELETE ON outcomes
  FOR EACH ROW EXECUTE FUNCTION outcomes_reopen_plan();
