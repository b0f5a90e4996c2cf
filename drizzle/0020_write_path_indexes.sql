-- Indexes a first check-in wrote and nothing read (decision 016, eighth pass):
-- - check_ins_date_idx: no query reads check-ins by date across users (the analytics read check_in_daily_counts);
-- - user_check_in_stats_last_idx: the analytics count over the whole roll-up table; without it the roll-up's update of
--   a user's row at each check-in can be a heap-only update (no index touched), with room kept on each page for it;
-- - streak_ledger_ref_uq now holds only rows with a reference (payments, grants): the check-in and rollover rows
--   have none, and a NULL never conflicted.
DROP INDEX "check_ins_date_idx";--> statement-breakpoint
DROP INDEX "user_check_in_stats_last_idx";--> statement-breakpoint
DROP INDEX "streak_ledger_ref_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "streak_ledger_ref_uq" ON "streak_ledger" USING btree ("user_id","reason","ref") WHERE "streak_ledger"."ref" is not null;--> statement-breakpoint
ALTER TABLE "user_check_in_stats" SET (fillfactor = 90);
