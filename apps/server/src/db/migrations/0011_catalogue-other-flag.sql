-- The 'Other' item of each catalogue list (the one a plan names itself) is marked by a flag rather
-- than recognised by its English name, so administrators may rename it (in French, 'Autre').
ALTER TABLE "barriers" ADD COLUMN "is_other" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supports" ADD COLUMN "is_other" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trainings" ADD COLUMN "is_other" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The rows named 'Other' until now (at most one per list: names are unique without case).
UPDATE "barriers" SET "is_other" = true WHERE lower("name") = 'other';--> statement-breakpoint
UPDATE "supports" SET "is_other" = true WHERE lower("name") = 'other';--> statement-breakpoint
UPDATE "trainings" SET "is_other" = true WHERE lower("name") = 'other';--> statement-breakpoint
-- One 'Other' item per list, whatever its category: the plan rules and the screens look for the
-- one item that takes a name of its own.
CREATE UNIQUE INDEX "barriers_other_uq" ON "barriers" USING btree ("is_other") WHERE "barriers"."is_other";--> statement-breakpoint
CREATE UNIQUE INDEX "supports_other_uq" ON "supports" USING btree ("is_other") WHERE "supports"."is_other";--> statement-breakpoint
CREATE UNIQUE INDEX "trainings_other_uq" ON "trainings" USING btree ("is_other") WHERE "trainings"."is_other";
