-- The audit trail's inbox (issue 27): the entry of every change is inserted here by the change's
-- own transaction, so a change is never committed without its entry, and moved into the chain
-- (audit_entries) by the trail's writer within a second, under the chain's lock, in the same
-- transaction that deletes it from here. The change itself takes no lock of the chain: changes
-- commit side by side (PostgreSQL's group commit), and only the writer takes turns.
CREATE TABLE "audit_inbox" (
	"id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer,
	"role_id" integer,
	"action" text NOT NULL,
	"record_kind" text,
	"record_id" bigint,
	"client_id" integer,
	"address" text,
	"user_agent" text,
	"outcome" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_inbox_outcome_check" CHECK ("outcome" IN ('allowed', 'refused'))
);
--> statement-breakpoint
-- An entry waiting is never edited, and the inbox is never emptied wholesale: only the writer's
-- move deletes what it has just chained.
CREATE FUNCTION "audit_inbox_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit inbox entries are never edited' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_inbox_no_update" BEFORE UPDATE ON "audit_inbox"
	FOR EACH ROW EXECUTE FUNCTION "audit_inbox_unchanged"();
--> statement-breakpoint
CREATE TRIGGER "audit_inbox_no_truncate" BEFORE TRUNCATE ON "audit_inbox"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_inbox_unchanged"();
