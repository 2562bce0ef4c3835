-- Mapping screens (spec §2, §4): one active catalogue item per name, without case; a disabled item
-- may share its name with an active one (it is no longer offered), so a new item may take the name
-- of a retired one. Restoring such an item is refused until one of them is renamed (409).
DROP INDEX "barriers_name_uq";--> statement-breakpoint
DROP INDEX "supports_name_uq";--> statement-breakpoint
DROP INDEX "trainings_name_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "barriers_active_name_uq" ON "barriers" USING btree (lower("name")) WHERE NOT "barriers"."disabled";--> statement-breakpoint
CREATE UNIQUE INDEX "supports_active_name_uq" ON "supports" USING btree (lower("name")) WHERE NOT "supports"."disabled";--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_active_name_uq" ON "trainings" USING btree (lower("name")) WHERE NOT "trainings"."disabled";