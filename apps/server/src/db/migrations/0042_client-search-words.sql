-- A search's best matches first (issue 33): the words of every client's search text.
CREATE TABLE "client_search_words" (
	"client_id" integer NOT NULL,
	"word" text NOT NULL,
	"centre_id" integer NOT NULL,
	"name_key" text NOT NULL,
	CONSTRAINT "client_search_words_client_id_word_pk" PRIMARY KEY("client_id","word")
);
--> statement-breakpoint
ALTER TABLE "client_search_words" ADD CONSTRAINT "client_search_words_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_search_words_word_idx" ON "client_search_words" USING btree ("word" COLLATE "C","name_key","client_id","centre_id");--> statement-breakpoint
-- The words of a client's search text (issue 33): split where the shared SEARCH_WORD_SEPARATORS
-- split (packages/shared/src/client-rules.ts; a test holds the two alike), one row per client and
-- word, with the client's centre and name so a search reads its best matches from the index alone.
-- Kept by the triggers below from clients, whoever writes them; deletions cascade.
CREATE FUNCTION client_search_words_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM client_search_words w
     USING new_rows n JOIN old_rows o ON o.client_id = n.client_id
     WHERE w.client_id = n.client_id
       AND (n.search_text, n.centre_id, n.name_key) IS DISTINCT FROM (o.search_text, o.centre_id, o.name_key);
    INSERT INTO client_search_words (client_id, word, centre_id, name_key)
      SELECT DISTINCT n.client_id, s.word, n.centre_id, n.name_key
        FROM new_rows n JOIN old_rows o ON o.client_id = n.client_id
       CROSS JOIN LATERAL regexp_split_to_table(n.search_text, '[[:space:].@_+,/()-]+') AS s(word)
       WHERE s.word <> ''
         AND (n.search_text, n.centre_id, n.name_key) IS DISTINCT FROM (o.search_text, o.centre_id, o.name_key);
  ELSE
    INSERT INTO client_search_words (client_id, word, centre_id, name_key)
      SELECT DISTINCT n.client_id, s.word, n.centre_id, n.name_key
        FROM new_rows n
       CROSS JOIN LATERAL regexp_split_to_table(n.search_text, '[[:space:].@_+,/()-]+') AS s(word)
       WHERE s.word <> '';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_search_words_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_search_words_refresh();
--> statement-breakpoint
CREATE TRIGGER clients_search_words_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_search_words_refresh();
--> statement-breakpoint
INSERT INTO client_search_words (client_id, word, centre_id, name_key)
  SELECT DISTINCT c.client_id, s.word, c.centre_id, c.name_key
    FROM clients c
   CROSS JOIN LATERAL regexp_split_to_table(c.search_text, '[[:space:].@_+,/()-]+') AS s(word)
   WHERE s.word <> '';
