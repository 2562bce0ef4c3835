-- Reports (issue 12): each dashboard and the ministry spreadsheet read one range of dates, so
-- every table they count gets an index on the date they filter by. Measured with EXPLAIN ANALYZE
-- at 100,000 clients (docs/performance.md, Reports).
-- The interactions dashboard reads about 250,000 interactions for a fiscal year: the date index
-- becomes a covering one (client, type and count beside the date), so the sums and the distinct
-- clients come from an index-only scan instead of a bitmap scan of the table's pages.
DROP INDEX "client_interactions_date_idx";--> statement-breakpoint
-- New clients: intake (creation) in the range, across centres and within one centre.
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clients_centre_created_idx" ON "clients" USING btree ("centre_id","created_at");--> statement-breakpoint
CREATE INDEX "client_interactions_date_cover_idx" ON "client_interactions" USING btree ("date","client_id","interaction_id","count");--> statement-breakpoint
-- Trainings dated in the range (supports and trainings dashboard, ministry Interventions).
CREATE INDEX "plan_trainings_date_idx" ON "plan_trainings" USING btree ("date");--> statement-breakpoint
-- Plans opened in the range (plans and clients dashboards, ministry summary).
CREATE INDEX "plans_date_idx" ON "plans" USING btree ("date");--> statement-breakpoint
-- Plans opened before the range and still open: a plan active in the range is opened in it, or
-- opened before and still open (this index), or opened before and closed in or after it
-- (outcomes_date_idx); the three parts replace a join of every plan to every outcome.
CREATE INDEX "plans_open_date_idx" ON "plans" USING btree ("date") WHERE "plans"."status" = 'Open';--> statement-breakpoint
-- Stories dated in the range (stories dashboard, ministry summary).
CREATE INDEX "stories_date_idx" ON "stories" USING btree ("date");
