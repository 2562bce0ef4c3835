CREATE TABLE "client_search" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"centre_id" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"name_key" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "clients_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "client_search" ADD CONSTRAINT "client_search_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_search_trgm_idx" ON "client_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- client_search follows clients whoever writes them (deletions cascade through the foreign key).
CREATE FUNCTION client_search_upsert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_search (client_id, centre_id, updated_at, name_key, search_text)
    SELECT client_id, centre_id, updated_at, name_key, search_text FROM new_rows
    ON CONFLICT (client_id) DO UPDATE
      SET centre_id = EXCLUDED.centre_id, updated_at = EXCLUDED.updated_at,
          name_key = EXCLUDED.name_key, search_text = EXCLUDED.search_text
      WHERE (client_search.centre_id, client_search.updated_at, client_search.name_key, client_search.search_text)
            IS DISTINCT FROM (EXCLUDED.centre_id, EXCLUDED.updated_at, EXCLUDED.name_key, EXCLUDED.search_text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_search_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_search_upsert();
--> statement-breakpoint
CREATE TRIGGER clients_search_update AFTER UPDATE ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_search_upsert();
--> statement-breakpoint
INSERT INTO client_search (client_id, centre_id, updated_at, name_key, search_text)
  SELECT client_id, centre_id, updated_at, name_key, search_text FROM clients;
