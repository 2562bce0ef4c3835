-- My work (issue 32) lists a worker's follow-ups not yet recorded by their due date from one index
-- range, instead of probing each of the worker's clients' plans and their follow-ups
-- (docs/performance.md, "My work and retention"). Each follow-up carries its client's worker as it
-- carries its centre (migration 0037): filled on insert, followed when the client's worker or the
-- plan's client changes. Nothing read the open follow-ups by due date alone.
DROP INDEX "follow_ups_open_due_idx";--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "worker_id" integer;--> statement-breakpoint
UPDATE "follow_ups" f SET "worker_id" = c."worker_id"
  FROM "plans" p, "clients" c
 WHERE p."plan_id" = f."plan_id" AND c."client_id" = p."client_id" AND c."worker_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "follow_ups_worker_open_idx" ON "follow_ups" USING btree ("worker_id","due_date","plan_id","month") WHERE "follow_ups"."contact_date" IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION follow_ups_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.date INTO NEW.outcome_date FROM outcomes o WHERE o.outcome_id = NEW.outcome_id FOR SHARE;
  SELECT c.centre_id, c.worker_id INTO NEW.centre_id, NEW.worker_id
    FROM plans p JOIN clients c ON c.client_id = p.client_id
   WHERE p.plan_id = NEW.plan_id FOR SHARE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION follow_ups_plan_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE follow_ups f SET centre_id = c.centre_id, worker_id = c.worker_id
    FROM clients c
   WHERE c.client_id = NEW.client_id AND f.plan_id = NEW.plan_id
     AND (f.centre_id, f.worker_id) IS DISTINCT FROM (c.centre_id, c.worker_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION follow_ups_client_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE follow_ups f SET worker_id = NEW.worker_id
    FROM plans p
   WHERE p.client_id = NEW.client_id AND f.plan_id = p.plan_id AND f.worker_id IS DISTINCT FROM NEW.worker_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_follow_ups_worker AFTER UPDATE OF worker_id ON clients
  FOR EACH ROW WHEN (OLD.worker_id IS DISTINCT FROM NEW.worker_id) EXECUTE FUNCTION follow_ups_client_assigned();
