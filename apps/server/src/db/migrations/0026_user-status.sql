ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- Users who signed in before this migration: their latest session's opening (a sign-in or a
-- password change) stands for their last sign-in, so they are not offered a new invitation.
UPDATE "users" SET "last_sign_in_at" = s."opened"
  FROM (SELECT "user_id", max("created_at") AS "opened" FROM "auth_sessions" GROUP BY "user_id") s
  WHERE s."user_id" = "users"."user_id";
