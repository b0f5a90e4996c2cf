ALTER TABLE "streak_states" DROP COLUMN "lost_reset_value";--> statement-breakpoint
ALTER TABLE "streak_states" DROP COLUMN "rebuilt_from";