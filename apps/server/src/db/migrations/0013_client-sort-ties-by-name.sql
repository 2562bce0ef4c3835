-- The client list breaks ties by name, then id, in the sort's direction (listClientsSql): each sort
-- index holds that whole order, so a page is still read from the index rather than sorted.
DROP INDEX "clients_updated_idx";--> statement-breakpoint
DROP INDEX "clients_centre_updated_idx";--> statement-breakpoint
DROP INDEX "clients_email_idx";--> statement-breakpoint
DROP INDEX "clients_centre_email_idx";--> statement-breakpoint
DROP INDEX "clients_phone_idx";--> statement-breakpoint
DROP INDEX "clients_centre_phone_idx";--> statement-breakpoint
DROP INDEX "clients_status_idx";--> statement-breakpoint
DROP INDEX "clients_centre_status_idx";--> statement-breakpoint
CREATE INDEX "clients_updated_idx" ON "clients" USING btree ("updated_at" DESC NULLS LAST,"name_key" DESC NULLS LAST,"client_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_centre_updated_idx" ON "clients" USING btree ("centre_id","updated_at" DESC NULLS LAST,"name_key" DESC NULLS LAST,"client_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clients_email_idx" ON "clients" USING btree ("email","name_key","client_id");--> statement-breakpoint
CREATE INDEX "clients_centre_email_idx" ON "clients" USING btree ("centre_id","email","name_key","client_id");--> statement-breakpoint
CREATE INDEX "clients_phone_idx" ON "clients" USING btree ("phone","name_key","client_id");--> statement-breakpoint
CREATE INDEX "clients_centre_phone_idx" ON "clients" USING btree ("centre_id","phone","name_key","client_id");--> statement-breakpoint
CREATE INDEX "clients_status_idx" ON "clients" USING btree ("recent_plan_status","name_key","client_id");--> statement-breakpoint
CREATE INDEX "clients_centre_status_idx" ON "clients" USING btree ("centre_id","recent_plan_status","name_key","client_id");