-- The client list sorts by name on name_key (no case, no accents), which now joins first and last
-- name with a space (was '|') so that 'Ann Smith' sorts before 'Anna Jones'.
UPDATE "clients" SET "name_key" = regexp_replace("name_key", '\|', ' ');--> statement-breakpoint
DROP INDEX "clients_name_idx";--> statement-breakpoint
DROP INDEX "clients_centre_name_idx";--> statement-breakpoint
DROP INDEX "clients_name_key_idx";--> statement-breakpoint
CREATE INDEX "clients_name_key_sort_idx" ON "clients" USING btree ("name_key","client_id");--> statement-breakpoint
CREATE INDEX "clients_centre_name_key_sort_idx" ON "clients" USING btree ("centre_id","name_key","client_id");