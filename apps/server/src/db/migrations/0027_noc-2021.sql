-- NOC 2021 codes have five digits; NOC 2016's four stay valid (issue 28): the check takes both.
ALTER TABLE "plan_trainings" DROP CONSTRAINT "plan_trainings_noc_ck";--> statement-breakpoint
ALTER TABLE "plan_trainings" ALTER COLUMN "noc" SET DATA TYPE varchar(5);--> statement-breakpoint
ALTER TABLE "report_training_days" ALTER COLUMN "noc" SET DATA TYPE varchar(5);--> statement-breakpoint
ALTER TABLE "plan_trainings" ADD CONSTRAINT "plan_trainings_noc_ck" CHECK ("plan_trainings"."noc" ~ '^[0-9]{4,5}$');