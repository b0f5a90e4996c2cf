ALTER TABLE "purchases" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "purchases_payment_ref_idx" ON "purchases" USING btree ("payment_ref");