CREATE TABLE "coach_usage" (
	"user_id" text NOT NULL,
	"local_date" text NOT NULL,
	"asks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coach_usage_user_id_local_date_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "coach_usage_asks" CHECK ("coach_usage"."asks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coach_usage" ADD CONSTRAINT "coach_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;