-- The check-in write path's triggers work per statement instead of per row (decision 016, fifth pass): check-ins
-- are written in batches (group commit), and a row-level trigger ran its PL/pgSQL once per row of a batch.
--
-- 1. The analytics roll-up of inserted check-ins: one grouped upsert per statement for each roll-up, from the
--    statement's transition table. user_check_in_stats goes in user order (the batch holds those users' locks
--    already); check_in_daily_counts takes the shard of the connection (pg_backend_pid() & 63) instead of one per user
--    (hashtext(user_id) & 15), so a batch writes one counter row per date and two connections' batches never share
--    one: a date's count is the sum of its shards (every reader sums them), whichever shard a check-in was counted in.
--    It is counted at the insert, not at commit (0017): a constraint trigger takes no transition table, and with a
--    counter row per connection no other batch waits for it.
--    A deleted check-in, or one moved to another user or date (never done by the app), keeps a row-level trigger
--    (its shard now the connection's too); an edit (INSERT … ON CONFLICT DO UPDATE of the scores) fires neither.
-- 2. The change feed of 0016 on check_ins and streak_states: one pg_notify per user the statement changed, not per
--    row (the same notifications: PostgreSQL folds a transaction's equal notifications into one anyway).
--    A trigger with transition tables serves one event, so each table has three.
CREATE OR REPLACE FUNCTION big7_check_ins_rollup_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_check_in_stats (user_id, check_ins, last_check_in_at, user_created_at)
    SELECT n.user_id, count(*), max(n.created_at), min(u.created_at)
    FROM big7_new_rows n JOIN users u ON u.id = n.user_id
    GROUP BY n.user_id ORDER BY n.user_id
    ON CONFLICT (user_id) DO UPDATE SET check_ins = user_check_in_stats.check_ins + excluded.check_ins,
      last_check_in_at = greatest(user_check_in_stats.last_check_in_at, excluded.last_check_in_at);
  INSERT INTO check_in_daily_counts (local_date, shard, check_ins)
    SELECT local_date, pg_backend_pid() & 63, count(*) FROM big7_new_rows GROUP BY local_date ORDER BY local_date
    ON CONFLICT (local_date, shard) DO UPDATE SET check_ins = check_in_daily_counts.check_ins + excluded.check_ins;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deleted or moved check-in, row by row: taken off (and, moved, added to) its connection's shard of the date,
-- which the row may be missing from (an upsert, not an update).
CREATE OR REPLACE FUNCTION big7_check_in_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_check_in_stats SET check_ins = check_ins - 1 WHERE user_id = OLD.user_id;
  DELETE FROM user_check_in_stats WHERE user_id = OLD.user_id AND check_ins <= 0;
  INSERT INTO check_in_daily_counts (local_date, shard, check_ins) VALUES (OLD.local_date, pg_backend_pid() & 63, -1)
    ON CONFLICT (local_date, shard) DO UPDATE SET check_ins = check_in_daily_counts.check_ins - 1;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO user_check_in_stats (user_id, check_ins, last_check_in_at, user_created_at)
      SELECT NEW.user_id, 1, NEW.created_at, u.created_at FROM users u WHERE u.id = NEW.user_id
      ON CONFLICT (user_id) DO UPDATE SET check_ins = user_check_in_stats.check_ins + 1,
        last_check_in_at = greatest(user_check_in_stats.last_check_in_at, excluded.last_check_in_at);
    INSERT INTO check_in_daily_counts (local_date, shard, check_ins) VALUES (NEW.local_date, pg_backend_pid() & 63, 1)
      ON CONFLICT (local_date, shard) DO UPDATE SET check_ins = check_in_daily_counts.check_ins + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER check_ins_rollup ON check_ins;
--> statement-breakpoint
CREATE TRIGGER check_ins_rollup_inserted AFTER INSERT ON check_ins REFERENCING NEW TABLE AS big7_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION big7_check_ins_rollup_inserted();
--> statement-breakpoint
CREATE TRIGGER check_ins_rollup AFTER DELETE OR UPDATE OF user_id, local_date ON check_ins
  FOR EACH ROW EXECUTE FUNCTION big7_check_in_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION big7_notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('big7.notify', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('big7_user_changed', user_id) FROM (SELECT DISTINCT user_id FROM big7_new_rows) AS changed;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('big7_user_changed', user_id) FROM (SELECT DISTINCT user_id FROM big7_old_rows) AS changed;
  ELSE
    PERFORM pg_notify('big7_user_changed', user_id)
      FROM (SELECT user_id FROM big7_old_rows UNION SELECT user_id FROM big7_new_rows) AS changed;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER check_ins_notify_changed ON check_ins;
--> statement-breakpoint
CREATE TRIGGER check_ins_notify_inserted AFTER INSERT ON check_ins REFERENCING NEW TABLE AS big7_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION big7_notify_users_changed();
--> statement-breakpoint
CREATE TRIGGER check_ins_notify_updated AFTER UPDATE ON check_ins REFERENCING OLD TABLE AS big7_old_rows NEW TABLE AS big7_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION big7_notify_users_changed();
--> statement-breakpoint
CREATE TRIGGER check_ins_notify_deleted AFTER DELETE ON check_ins REFERENCING OLD TABLE AS big7_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION big7_notify_users_changed();
--> statement-breakpoint
DROP TRIGGER streak_states_notify_changed ON streak_states;
--> statement-breakpoint
CREATE TRIGGER streak_states_notify_inserted AFTER INSERT ON streak_states REFERENCING NEW TABLE AS big7_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION big7_notify_users_changed();
--> statement-breakpoint
CREATE TRIGGER streak_states_notify_updated AFTER UPDATE ON streak_states REFERENCING OLD TABLE AS big7_old_rows NEW TABLE AS big7_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION big7_notify_users_changed();
--> statement-breakpoint
CREATE TRIGGER streak_states_notify_deleted AFTER DELETE ON streak_states REFERENCING OLD TABLE AS big7_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION big7_notify_users_changed();
