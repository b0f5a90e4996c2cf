-- The analytics roll-up of inserted check-ins (0018) joined the statement's new rows to users for the sign-up time.
-- PL/pgSQL keeps a statement's plan for the connection's life, planned at its first call from that call's row count:
-- after a first batch of a hundred check-ins it stayed a hash join that read every user (a whole-table scan of users
-- for each batch after, ~1.5 ms at 15,000 users, growing with the table). The sign-up time is now read for each user
-- of the batch by key (a subquery on users' primary key), whatever the first call's size (decision 016, eighth pass).
CREATE OR REPLACE FUNCTION big7_check_ins_rollup_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_check_in_stats (user_id, check_ins, last_check_in_at, user_created_at)
    SELECT g.user_id, g.n, g.last_at, (SELECT u.created_at FROM users u WHERE u.id = g.user_id)
    FROM (SELECT user_id, count(*) AS n, max(created_at) AS last_at FROM big7_new_rows GROUP BY user_id) AS g
    ORDER BY g.user_id
    ON CONFLICT (user_id) DO UPDATE SET check_ins = user_check_in_stats.check_ins + excluded.check_ins,
      last_check_in_at = greatest(user_check_in_stats.last_check_in_at, excluded.last_check_in_at);
  INSERT INTO check_in_daily_counts (local_date, shard, check_ins)
    SELECT local_date, pg_backend_pid() & 63, count(*) FROM big7_new_rows GROUP BY local_date ORDER BY local_date
    ON CONFLICT (local_date, shard) DO UPDATE SET check_ins = check_in_daily_counts.check_ins + excluded.check_ins;
  RETURN NULL;
END;
$$;
