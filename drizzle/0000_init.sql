CREATE TABLE "email_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text,
	"profile_image_url" text,
	"age" integer,
	"gender" text,
	"provider" text DEFAULT 'email' NOT NULL,
	"google_sub" text,
	"tier" text DEFAULT 'free' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"check_in_time" text DEFAULT '20:00' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"first_check_in_completed" boolean DEFAULT false NOT NULL,
	"premium_offer_used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"local_date" text NOT NULL,
	"rest_score" double precision NOT NULL,
	"exercise_score" double precision NOT NULL,
	"nutrition_score" double precision NOT NULL,
	"goals_score" double precision NOT NULL,
	"boundaries_score" double precision NOT NULL,
	"connection_score" double precision NOT NULL,
	"joy_score" double precision NOT NULL,
	"score" double precision NOT NULL,
	"answers" jsonb NOT NULL,
	"subscription_tier_at_check_in" text DEFAULT 'free' NOT NULL,
	"timezone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_local_date_shape" CHECK ("check_ins"."local_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"check_in_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rest_journal" text,
	"exercise_journal" text,
	"nutrition_journal" text,
	"goals_journal" text,
	"boundaries_journal" text,
	"connection_journal" text,
	"joy_journal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_length" CHECK (coalesce(char_length("journal_entries"."rest_journal"), 0) <= 280 and coalesce(char_length("journal_entries"."exercise_journal"), 0) <= 280
        and coalesce(char_length("journal_entries"."nutrition_journal"), 0) <= 280 and coalesce(char_length("journal_entries"."goals_journal"), 0) <= 280
        and coalesce(char_length("journal_entries"."boundaries_journal"), 0) <= 280 and coalesce(char_length("journal_entries"."connection_journal"), 0) <= 280
        and coalesce(char_length("journal_entries"."joy_journal"), 0) <= 280)
);
--> statement-breakpoint
CREATE TABLE "streak_frozen_days" (
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_frozen_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "streak_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"streak_delta" integer DEFAULT 0 NOT NULL,
	"shields_delta" integer DEFAULT 0 NOT NULL,
	"current_streak" integer NOT NULL,
	"freeze_days_remaining" integer NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streak_recovered_days" (
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"method" text NOT NULL,
	"payment_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_recovered_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
CREATE TABLE "streak_states" (
	"user_id" text PRIMARY KEY NOT NULL,
	"current_streak" integer DEFAULT 0 NOT NULL,
	"best_streak" integer DEFAULT 0 NOT NULL,
	"freeze_days_remaining" integer DEFAULT 0 NOT NULL,
	"freeze_days_used" integer DEFAULT 0 NOT NULL,
	"checkpoint" integer DEFAULT 0 NOT NULL,
	"last_completed_date" date,
	"last_processed_date" date,
	"next_rollover_at" timestamp with time zone,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"lost_streak_value" integer,
	"lost_date" date,
	"lost_reset_value" integer,
	"rebuilt_from" date,
	"recovery_state" text DEFAULT 'none' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"trial_days" integer NOT NULL,
	"benefit" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"user_id" text NOT NULL,
	"reward_type" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_claims_user_id_reward_type_pk" PRIMARY KEY("user_id","reward_type")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"premium_expires_at" timestamp with time zone,
	"ai_coach_expires_at" timestamp with time zone,
	"previous_tier" text,
	"trial_just_expired" text,
	"last_expired_trial" text,
	"next_expiry_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"from_tier" text NOT NULL,
	"to_tier" text NOT NULL,
	"source" text NOT NULL,
	"shields_granted" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_frozen_days" ADD CONSTRAINT "streak_frozen_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_ledger" ADD CONSTRAINT "streak_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_recovered_days" ADD CONSTRAINT "streak_recovered_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_states" ADD CONSTRAINT "streak_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_code_coupons_code_fk" FOREIGN KEY ("code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "signin_failures_email_idx" ON "signin_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_uq" ON "users" USING btree ("google_sub");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_user_date_uq" ON "check_ins" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE INDEX "check_ins_date_idx" ON "check_ins" USING btree ("local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_check_in_uq" ON "journal_entries" USING btree ("check_in_id");--> statement-breakpoint
CREATE INDEX "journal_entries_user_idx" ON "journal_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "streak_ledger_user_idx" ON "streak_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "streak_ledger_once_per_date_uq" ON "streak_ledger" USING btree ("user_id","date","reason") WHERE "streak_ledger"."reason" in ('check-in', 'shield-used', 'break');--> statement-breakpoint
CREATE UNIQUE INDEX "streak_ledger_ref_uq" ON "streak_ledger" USING btree ("user_id","reason","ref");--> statement-breakpoint
CREATE INDEX "streak_states_next_rollover_idx" ON "streak_states" USING btree ("next_rollover_at");--> statement-breakpoint
CREATE INDEX "subscriptions_next_expiry_idx" ON "subscriptions" USING btree ("next_expiry_at");--> statement-breakpoint
CREATE INDEX "tier_changes_user_idx" ON "tier_changes" USING btree ("user_id","created_at");