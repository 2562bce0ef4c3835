-- The language each user works in (issue 34): English unless they choose French.
ALTER TABLE "users" ADD COLUMN "locale" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_ck" CHECK ("users"."locale" in ('en', 'fr'));
