CREATE TABLE "account_deletions" (
	"id" text PRIMARY KEY NOT NULL,
	"deleted_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_daily_counts" (
	"local_date" text NOT NULL,
	"shard" integer NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "check_in_daily_counts_local_date_shard_pk" PRIMARY KEY("local_date","shard")
);
--> statement-breakpoint
CREATE TABLE "user_check_in_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	"last_check_in_at" timestamp with time zone NOT NULL,
	"user_created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_check_in_stats" ADD CONSTRAINT "user_check_in_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_deleted_on_idx" ON "account_deletions" USING btree ("deleted_on");--> statement-breakpoint
CREATE INDEX "user_check_in_stats_last_idx" ON "user_check_in_stats" USING btree ("last_check_in_at");