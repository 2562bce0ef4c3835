-- Client data key rotation (issue 30): an attachment names the client data key its chunks and keyed
-- digest were made with (its fingerprint). Rows stored before are null: not named, every accepted
-- key is tried. `npm run rotate-client-key` moves rows to the current key.
ALTER TABLE "attachments" ADD COLUMN "key_fingerprint" varchar(16);
