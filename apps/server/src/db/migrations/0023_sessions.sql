-- Sessions (issue 27): each sign-in opens a session, the family of the refresh tokens it rotates
-- through; access tokens name it (their sid claim) so that sign-out refuses them at once.
CREATE TABLE "auth_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "session_id" bigint;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
-- Each live refresh token issued before sessions existed becomes a session of its own (same id),
-- so nobody is signed out by the upgrade; dead ones can never be used again and go.
INSERT INTO "auth_sessions" ("id", "user_id", "expires_at", "created_at") OVERRIDING SYSTEM VALUE
	SELECT "id", "user_id", "expires_at", "created_at" FROM "refresh_tokens"
	WHERE "revoked_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
UPDATE "refresh_tokens" SET "session_id" = "id" WHERE "revoked_at" IS NULL AND "expires_at" > now();--> statement-breakpoint
DELETE FROM "refresh_tokens" WHERE "session_id" IS NULL;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('auth_sessions', 'id'), coalesce(max("id"), 0) + 1, false) FROM "auth_sessions";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Password change, reset and deletion revoke every session of one user; sign-in tidies them.
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Sign-out and a reused refresh token revoke every token of one session.
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");
