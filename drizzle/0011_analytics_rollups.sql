-- Roll-ups for the owner analytics (decision 019), kept exact by a trigger on check_ins: per user (count, latest
-- submission, the user's sign-up instant) and per local date (16 shards by user, so simultaneous check-ins do not queue on one row).
CREATE OR REPLACE FUNCTION big7_check_in_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE user_check_in_stats SET check_ins = check_ins - 1 WHERE user_id = OLD.user_id;
    DELETE FROM user_check_in_stats WHERE user_id = OLD.user_id AND check_ins <= 0;
    UPDATE check_in_daily_counts SET check_ins = check_ins - 1
      WHERE local_date = OLD.local_date AND shard = (hashtext(OLD.user_id) & 15);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_check_in_stats (user_id, check_ins, last_check_in_at, user_created_at)
      SELECT NEW.user_id, 1, NEW.created_at, u.created_at FROM users u WHERE u.id = NEW.user_id
      ON CONFLICT (user_id) DO UPDATE SET check_ins = user_check_in_stats.check_ins + 1,
        last_check_in_at = greatest(user_check_in_stats.last_check_in_at, excluded.last_check_in_at);
    INSERT INTO check_in_daily_counts (local_date, shard, check_ins) VALUES (NEW.local_date, hashtext(NEW.user_id) & 15, 1)
      ON CONFLICT (local_date, shard) DO UPDATE SET check_ins = check_in_daily_counts.check_ins + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER check_ins_rollup AFTER INSERT OR DELETE OR UPDATE OF user_id, local_date ON check_ins
  FOR EACH ROW EXECUTE FUNCTION big7_check_in_rollup();
--> statement-breakpoint
INSERT INTO user_check_in_stats (user_id, check_ins, last_check_in_at, user_created_at)
  SELECT c.user_id, count(*), max(c.created_at), min(u.created_at) FROM check_ins c JOIN users u ON u.id = c.user_id GROUP BY c.user_id;
--> statement-breakpoint
INSERT INTO check_in_daily_counts (local_date, shard, check_ins)
  SELECT local_date, hashtext(user_id) & 15, count(*) FROM check_ins GROUP BY 1, 2;
