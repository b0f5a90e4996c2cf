ALTER TABLE "email_tokens" ADD COLUMN "token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_uq" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
-- Hand-written (issue 31): tokens issued before this migration kept the token's SHA-256 as the id; their links keep working.
UPDATE "email_tokens" SET "token_hash" = "id" WHERE "token_hash" IS NULL;
