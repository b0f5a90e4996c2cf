CREATE TABLE "streak_rest_days" (
	"user_id" text NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_rest_days_user_id_date_pk" PRIMARY KEY("user_id","date")
);
--> statement-breakpoint
ALTER TABLE "streak_rest_days" ADD CONSTRAINT "streak_rest_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a change to a user's rest days notifies like their other streak rows
-- (drizzle/0016_user_change_notify.sql), so a cached user state that shows them (the dashboard's "Rest day"
-- texts, not wired yet) is dropped on every instance.
CREATE TRIGGER streak_rest_days_notify_changed AFTER INSERT OR UPDATE OR DELETE ON streak_rest_days
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
