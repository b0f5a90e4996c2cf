CREATE TABLE "check_in_idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "streak_states" ADD COLUMN "recent_states" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_idempotency_keys" ADD CONSTRAINT "check_in_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_idempotency_user_key_uq" ON "check_in_idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "check_in_idempotency_created_idx" ON "check_in_idempotency_keys" USING btree ("created_at");