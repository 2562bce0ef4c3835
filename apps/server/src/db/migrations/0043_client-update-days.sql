-- Deep pages of the client list by last change (issue 33): clients per centre and day (UTC).
CREATE TABLE "client_update_days" (
	"centre_id" integer NOT NULL,
	"day" date NOT NULL,
	"clients" integer NOT NULL,
	CONSTRAINT "client_update_days_centre_id_day_pk" PRIMARY KEY("centre_id","day")
);
--> statement-breakpoint
ALTER TABLE "client_update_days" ADD CONSTRAINT "client_update_days_centre_id_centres_centre_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("centre_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_update_days_day_idx" ON "client_update_days" USING btree ("day","centre_id","clients");--> statement-breakpoint
-- Kept from clients whoever writes them: +1 on the day of each new or changed row, -1 on the day of
-- each removed or previous row, summed per centre and day (a change within the day nets to
-- nothing and writes nothing), rows taken in key order so that two writers never deadlock.
CREATE FUNCTION client_update_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_update_days (centre_id, day, clients)
      SELECT centre_id, (updated_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows
       GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (centre_id, day) DO UPDATE SET clients = client_update_days.clients + EXCLUDED.clients;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE client_update_days d SET clients = d.clients - o.n
      FROM (SELECT centre_id, (updated_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM old_rows
             GROUP BY 1, 2) o
     WHERE d.centre_id = o.centre_id AND d.day = o.day;
  ELSE
    INSERT INTO client_update_days (centre_id, day, clients)
      SELECT centre_id, day, sum(delta) FROM (
        SELECT centre_id, (updated_at AT TIME ZONE 'UTC')::date AS day, 1 AS delta FROM new_rows
        UNION ALL
        SELECT centre_id, (updated_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows
      ) x
       GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (centre_id, day) DO UPDATE SET clients = client_update_days.clients + EXCLUDED.clients;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_update_days_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_update_days_count();
--> statement-breakpoint
CREATE TRIGGER clients_update_days_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_update_days_count();
--> statement-breakpoint
CREATE TRIGGER clients_update_days_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_update_days_count();
--> statement-breakpoint
INSERT INTO client_update_days (centre_id, day, clients)
  SELECT centre_id, (updated_at AT TIME ZONE 'UTC')::date, count(*) FROM clients GROUP BY 1, 2;
