-- My work (issue 32) reads a worker's clients from clients_worker_updated_idx alone: the
-- missing-information flag joins the index's keys, so the list's count and page need no heap read
-- of the caseload (names are read for the page's rows only).
DROP INDEX "clients_worker_updated_idx";--> statement-breakpoint
CREATE INDEX "clients_worker_updated_idx" ON "clients" USING btree ("worker_id","centre_id","updated_at" DESC NULLS LAST,"name_key" DESC NULLS LAST,"client_id" DESC NULLS LAST,"missing_info");