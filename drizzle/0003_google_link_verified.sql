ALTER TABLE "users" ADD COLUMN "google_link_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing links: linking to an e-mail account has always required an e-mail verified by Google, and an account
-- created through Google with a verified e-mail got email_verified_at = created_at (one timestamp, one insert).
-- Any other Google link (an account created with an unverified Google e-mail) stays unproven.
UPDATE "users" SET "google_link_verified" = true
  WHERE "google_sub" IS NOT NULL AND ("provider" = 'email' OR "email_verified_at" = "created_at");
