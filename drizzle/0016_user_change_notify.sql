-- Per-process caches of a user's session and dashboard rows (decision 016, third pass) are invalidated by these
-- triggers: every committed change to a row the session lookup or the dashboard read reads sends the user's id on
-- the channel big7_user_changed (pg_notify is delivered at commit, never for a rolled-back transaction). Each
-- server instance listens and drops that user's cached rows, so a change made by another instance, a job or a
-- Stripe webhook is never answered from a cache once its notification has arrived. A bulk load may turn it off
-- for its own session with SET big7.notify = 'off' (the bench and seed scripts).
CREATE OR REPLACE FUNCTION big7_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid text;
BEGIN
  IF current_setting('big7.notify', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF TG_TABLE_NAME = 'users' THEN
      uid := OLD.id;
    ELSE
      uid := OLD.user_id;
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    uid := NEW.id;
  ELSE
    uid := NEW.user_id;
    -- A row moved to another user (never done today) changes both.
    IF TG_OP = 'UPDATE' THEN
      IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
        PERFORM pg_notify('big7_user_changed', OLD.user_id);
      END IF;
    END IF;
  END IF;
  PERFORM pg_notify('big7_user_changed', uid);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER check_ins_notify_changed AFTER INSERT OR UPDATE OR DELETE ON check_ins
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER journal_entries_notify_changed AFTER INSERT OR UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER streak_states_notify_changed AFTER INSERT OR UPDATE OR DELETE ON streak_states
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER streak_frozen_days_notify_changed AFTER INSERT OR UPDATE OR DELETE ON streak_frozen_days
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER streak_recovered_days_notify_changed AFTER INSERT OR UPDATE OR DELETE ON streak_recovered_days
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION big7_notify_user_changed();
