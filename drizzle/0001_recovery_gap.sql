ALTER TABLE "streak_states" ADD COLUMN "rebuilt_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "streak_states" ADD COLUMN "gap_dates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Open recovery offers keep their meaning: the check-ins rebuilt since the break, and the missed run from the
-- break to the first check-in after it (or to the last settled date), bounded by the 7-day window.
UPDATE "streak_states" SET
  "rebuilt_days" = GREATEST("current_streak" - COALESCE("lost_reset_value", 0), 0),
  "gap_dates" = COALESCE((
    SELECT jsonb_agg(to_char(g, 'YYYY-MM-DD') ORDER BY g)
    FROM generate_series(
      "lost_date"::timestamp,
      LEAST(COALESCE("rebuilt_from" - 1, "last_processed_date"), "lost_date" + 7)::timestamp,
      interval '1 day'
    ) AS g
  ), '[]'::jsonb)
WHERE "recovery_state" = 'available' AND "lost_date" IS NOT NULL;
