-- The audit trail (issue 14): one row per audited call, append-only, chained by hashes.
-- Partitioned by month so that retention drops a month whole; the rows' order is `seq`, given by
-- the writer under an advisory lock (audit.repository.ts), gapless, so a removed row shows.
CREATE TABLE "audit_entries" (
	"seq" bigint NOT NULL,
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
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("seq", "at"),
	CONSTRAINT "audit_entries_outcome_check" CHECK ("outcome" IN ('allowed', 'refused'))
) PARTITION BY RANGE ("at");
--> statement-breakpoint
-- A client's Access history, newest first.
CREATE INDEX "audit_entries_client_idx" ON "audit_entries" ("client_id", "seq" DESC) WHERE "client_id" IS NOT NULL;
--> statement-breakpoint
-- A user's recent activity, newest first.
CREATE INDEX "audit_entries_user_idx" ON "audit_entries" ("user_id", "seq" DESC) WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- Filtering the trail by day: the partition key, then the order.
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" ("at");
--> statement-breakpoint
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_change" BEFORE UPDATE OR DELETE ON "audit_entries"
	FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
--> statement-breakpoint
-- The month's partition of `month_start` (a first of month, UTC), created when missing. Called by
-- the writer under its lock, so two processes never create the same one.
CREATE FUNCTION "audit_partition_for"(month_start date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	name text := 'audit_entries_' || to_char(month_start, 'YYYY_MM');
BEGIN
	IF to_regclass(name) IS NULL THEN
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF audit_entries FOR VALUES FROM (%L) TO (%L)',
			name,
			(month_start::timestamp AT TIME ZONE 'UTC'),
			((month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC')
		);
	END IF;
	RETURN name;
END
$$;
