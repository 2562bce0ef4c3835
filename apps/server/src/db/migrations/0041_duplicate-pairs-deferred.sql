-- Duplicate pairs found after a large insert rather than during it (issue 31): a transaction that
-- sets cairn.defer_duplicate_pairs to 'on' (an import's commit) leaves the clients it inserts in
-- client_duplicate_pending, and the app finds their pairs once it has committed
-- (duplicates-pending.service.ts). Updates still find their pairs at once.
CREATE TABLE "client_duplicate_pending" (
	"client_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_duplicate_pending" ADD CONSTRAINT "client_duplicate_pending_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_duplicate_pairs_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.client_id) INTO ids
      FROM new_rows n JOIN old_rows o ON o.client_id = n.client_id
     WHERE (n.match_given, n.match_first, n.match_family, n.date_of_birth, n.sin_hash, n.email, n.match_phone,
            n.postal_code, n.centre_id)
           IS DISTINCT FROM
           (o.match_given, o.match_first, o.match_family, o.date_of_birth, o.sin_hash, o.email, o.match_phone,
            o.postal_code, o.centre_id);
    IF ids IS NULL THEN RETURN NULL; END IF;
    DELETE FROM client_duplicate_pairs WHERE client_a = ANY (ids);
    DELETE FROM client_duplicate_pairs WHERE client_b = ANY (ids);
  ELSIF current_setting('cairn.defer_duplicate_pairs', true) = 'on' THEN
    INSERT INTO client_duplicate_pending (client_id) SELECT n.client_id FROM new_rows n ON CONFLICT DO NOTHING;
    RETURN NULL;
  ELSE
    SELECT array_agg(n.client_id) INTO ids FROM new_rows n;
  END IF;
  PERFORM client_duplicate_pairs_find(ids);
  RETURN NULL;
END $$;
