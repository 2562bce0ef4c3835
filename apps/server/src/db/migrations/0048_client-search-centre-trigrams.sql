-- A client search's trigram index led by the centre (issue 33): a Coordinator's search counted its
-- matches from every centre's candidates, each read from the table to test its centre (2,379 for
-- "tremb" at 1,000,000 clients, 322 of them the centre's); with the centre in the index it reads
-- its own. btree_gin gives integers a GIN operator class; it is a trusted extension, as pg_trgm is.
-- An Admin's search reads the same index on its second column alone.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "client_search_centre_trgm_idx" ON "client_search" USING gin ("centre_id","search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "client_search_trgm_idx";
