-- Creates sent with an Idempotency-Key: the first answer, kept 24 hours per user and key, so a
-- repeated request (a double-click, a retry) answers it again instead of writing twice.
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(255) NOT NULL,
	"route" varchar(255) NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Expired keys are deleted by age after each new key: the index finds them without a scan.
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");