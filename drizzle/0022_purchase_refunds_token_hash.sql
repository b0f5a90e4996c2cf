ALTER TABLE "email_tokens" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_uq" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "purchases_payment_ref_idx" ON "purchases" USING btree ("payment_ref");--> statement-breakpoint
-- Hand-written (issue 31): tokens issued before this migration kept the token's SHA-256 as the id; their links keep working.
UPDATE "email_tokens" SET "token_hash" = "id" WHERE "token_hash" IS NULL;
