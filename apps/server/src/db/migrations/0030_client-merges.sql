CREATE TABLE "client_merges" (
	"other_id" integer PRIMARY KEY NOT NULL,
	"kept_id" integer NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_by" integer
);
--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_kept_id_clients_client_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_merges" ADD CONSTRAINT "client_merges_merged_by_users_user_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_merges_kept_idx" ON "client_merges" USING btree ("kept_id");