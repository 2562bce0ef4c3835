CREATE TABLE "my_work_digests" (
	"user_id" integer NOT NULL,
	"week" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "my_work_digests_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "my_work_digests" ADD CONSTRAINT "my_work_digests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "my_work_digests_week_idx" ON "my_work_digests" USING btree ("week");--> statement-breakpoint
CREATE INDEX "client_interactions_client_created_idx" ON "client_interactions" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_ck" CHECK ("users"."home" in ('clients', 'my_work'));