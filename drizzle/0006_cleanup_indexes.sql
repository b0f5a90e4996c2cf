CREATE INDEX "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "email_tokens_used_idx" ON "email_tokens" USING btree ("used_at") WHERE "email_tokens"."used_at" is not null;--> statement-breakpoint
CREATE INDEX "signin_failures_created_idx" ON "signin_failures" USING btree ("created_at");