CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"daily_reminders" boolean DEFAULT true NOT NULL,
	"last_chance_reminders" boolean DEFAULT true NOT NULL,
	"has_seen_notification_modal" boolean DEFAULT false NOT NULL,
	"last_reminder_delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_schedules" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"next_at" timestamp with time zone,
	CONSTRAINT "reminder_schedules_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminder_schedules_due_idx" ON "reminder_schedules" USING btree ("next_at") WHERE "reminder_schedules"."next_at" is not null;