ALTER TABLE "reminder_schedules" ADD COLUMN "last_local_date" text;--> statement-breakpoint
-- Reminders already enqueued under the previous design (a reminders.send job per user, kind and local date,
-- key reminder:<kind>:<userId>:<localDate>) count as handed on: none of them goes out a second time.
UPDATE "reminder_schedules" AS r SET "last_local_date" = j.d
FROM (
  SELECT split_part("key", ':', 2) AS kind, split_part("key", ':', 3) AS user_id, max(split_part("key", ':', 4)) AS d
  FROM "jobs" WHERE "kind" = 'reminders.send' AND "key" LIKE 'reminder:%' GROUP BY 1, 2
) AS j
WHERE r."user_id" = j.user_id AND r."kind" = j.kind;
