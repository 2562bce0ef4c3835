-- The audit trail kept tamper-evident against the table's owner too (issue 27).
-- The chain is keyed from now on: each entry names the fingerprint of the key its HMAC was made
-- with (audit-chain.service.ts); NULL for the plain SHA-256 entries written before this migration.
ALTER TABLE "audit_entries" ADD COLUMN "key_id" text;
--> statement-breakpoint
-- What only the owner may change, read by the server and the verifier: the retention the partition
-- drop enforces (set by every migration run from AUDIT_RETENTION_MONTHS, db/server-role.ts), and
-- the last entry written unkeyed (any unkeyed entry after it is a forgery).
CREATE TABLE "audit_policy" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"retention_months" integer NOT NULL CHECK ("retention_months" BETWEEN 1 AND 1200),
	"unkeyed_until" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_policy" ("retention_months", "unkeyed_until")
	SELECT 84, coalesce(max("seq"), 0) FROM "audit_entries";
--> statement-breakpoint
-- TRUNCATE is refused like UPDATE and DELETE: on the partitioned table (which covers its
-- partitions) and on each partition (a statement trigger is not inherited: audit_partition_for
-- adds it to every new one).
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
--> statement-breakpoint
DO $$
DECLARE
	part regclass;
BEGIN
	FOR part IN SELECT i.inhrelid::regclass FROM pg_inherits i WHERE i.inhparent = 'audit_entries'::regclass LOOP
		EXECUTE format(
			'CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()',
			part
		);
	END LOOP;
END
$$;
--> statement-breakpoint
-- The month's partition of `month_start`, created when missing, now as the owner (SECURITY
-- DEFINER): the server's role may only INSERT and SELECT the trail. A new partition refuses
-- TRUNCATE, and no role but the owner keeps UPDATE, DELETE or TRUNCATE on it (default
-- privileges would give the server's role what it has on every table).
CREATE OR REPLACE FUNCTION "audit_partition_for"(month_start date) RETURNS text
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	name text := 'audit_entries_' || to_char(month_start, 'YYYY_MM');
	grantee text;
BEGIN
	IF date_trunc('month', month_start) <> month_start THEN
		RAISE EXCEPTION 'not the first day of a month: %', month_start;
	END IF;
	IF to_regclass(name) IS NULL THEN
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF audit_entries FOR VALUES FROM (%L) TO (%L)',
			name,
			(month_start::timestamp AT TIME ZONE 'UTC'),
			((month_start + interval '1 month')::timestamp AT TIME ZONE 'UTC')
		);
		EXECUTE format(
			'CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()',
			name
		);
		FOR grantee IN
			SELECT DISTINCT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
			  FROM pg_class c, aclexplode(c.relacl) a
			 WHERE c.oid = to_regclass(name) AND a.grantee <> c.relowner
		LOOP
			EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON %I FROM %s', name, grantee);
		END LOOP;
	END IF;
	RETURN name;
END
$$;
--> statement-breakpoint
-- Retention's drop of one month's partition, as the owner (SECURITY DEFINER), doing only that:
-- the name must be a partition of audit_entries and its month past the retention in
-- audit_policy (which only the owner changes), counted on the database's clock, and not the one
-- holding the newest entry. It takes the chain's lock (audit.repository.ts) and answers the runs of consecutive entries it held, each
-- with its last hash, which the drop's own entry records (audit-retention.service.ts).
CREATE FUNCTION "audit_drop_partition"(partition_name text)
	RETURNS TABLE ("from" bigint, "to" bigint, "hash" text)
	LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
	parts text[] := regexp_match(partition_name, '^audit_entries_(\d{4})_(\d{2})$');
	first_kept date;
BEGIN
	IF parts IS NULL OR NOT EXISTS (
		SELECT 1 FROM pg_inherits i
		 WHERE i.inhparent = 'audit_entries'::regclass AND i.inhrelid = to_regclass(partition_name)
	) THEN
		RAISE EXCEPTION 'not an audit partition: %', partition_name USING ERRCODE = 'insufficient_privilege';
	END IF;
	SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') - make_interval(months => p.retention_months - 1))::date
	  INTO first_kept FROM audit_policy p;
	IF make_date(parts[1]::int, parts[2]::int, 1) >= first_kept THEN
		RAISE EXCEPTION 'audit partition % is within the retention', partition_name
			USING ERRCODE = 'insufficient_privilege';
	END IF;
	PERFORM pg_advisory_xact_lock(1635083369);
	-- The chain goes on from its newest entry: the table is never emptied, so it never starts again.
	IF (SELECT a.tableoid FROM audit_entries a ORDER BY a.seq DESC LIMIT 1) = to_regclass(partition_name) THEN
		RAISE EXCEPTION 'audit partition % holds the newest entry', partition_name
			USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN QUERY EXECUTE format(
		'SELECT min(seq), max(seq), (array_agg(hash ORDER BY seq DESC))[1]
		   FROM (SELECT p.seq, p.hash, p.seq - row_number() OVER (ORDER BY p.seq) AS run FROM %I p) numbered
		  GROUP BY run ORDER BY min(seq)',
		partition_name
	);
	EXECUTE format('DROP TABLE %I', partition_name);
END
$$;
