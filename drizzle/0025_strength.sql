-- Hand-written note (issue 28): existing users' strength starts at 0 from their next settled day (no backfill); the
-- user state does not read streak_strength_days (GET /api/insights/strength does), so it has no change-notify
-- trigger, and streak_states.strength changes with its row, which already notifies.
CREATE TABLE "streak_strength_days" (
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"areas" double precision[] NOT NULL,
	CONSTRAINT "streak_strength_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "streak_states" ADD COLUMN "strength" jsonb DEFAULT '{"base":[0,0,0,0,0,0,0],"recent":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "streak_strength_days" ADD CONSTRAINT "streak_strength_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
