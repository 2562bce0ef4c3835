-- Attachments' digests keyed (issue 27): attachments.sha256 becomes HMAC-SHA-256 of the plain bytes'
-- SHA-256, with a key derived from the client data key, so a dump cannot confirm a known file is
-- here. The database has no key: rows stored before are marked unkeyed (false) and the server keys
-- them at start (attachments.repository.ts keyStoredDigests); new rows are keyed when written (true).
-- attachments_unkeyed_idx: the rows that conversion still has to key.
ALTER TABLE "attachments" ADD COLUMN "sha256_keyed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "sha256_keyed" SET DEFAULT true;--> statement-breakpoint
CREATE INDEX "attachments_unkeyed_idx" ON "attachments" USING btree ("attachment_id") WHERE not "attachments"."sha256_keyed";
