-- The analytics roll-up of check_ins (0011) runs at commit instead of at each row's write (decision 016, fourth
-- pass): check-ins are committed in batches (group commit), and the per-date shard rows of check_in_daily_counts
-- are shared by every batch of a day. Counted at commit, their row locks are held for the commit only, not for the
-- rest of the batch's transaction, so batches committing at once no longer wait on each other for its whole length.
-- Same function, same counts; a rolled-back transaction counts nothing, as before.
DROP TRIGGER check_ins_rollup ON check_ins;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER check_ins_rollup AFTER INSERT OR DELETE OR UPDATE OF user_id, local_date ON check_ins
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION big7_check_in_rollup();
