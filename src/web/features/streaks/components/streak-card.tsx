import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useStreak } from '../api/get-streak';

/** Streak card: level name and icon (a snowflake when yesterday was frozen and today has no check-in); → /streak. */
export function StreakCard() {
  const { data: streak, isPending, isError } = useStreak();
  if (isPending || isError || !streak) {
    return (
      <Link to="/streak" className="flex min-h-20 items-center gap-1 rounded-2xl border border-border bg-surface p-4 font-semibold" data-testid="streak-card">
        Streak Journey <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
      </Link>
    );
  }
  const frozen = streak.yesterdayFrozen && !streak.todayCompleted;
  return (
    <Link
      to="/streak"
      data-testid="streak-card"
      className="flex min-h-20 items-center gap-4 rounded-2xl border border-border bg-surface p-4 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
    >
      <span className="text-4xl" role="img" aria-label={frozen ? 'Frozen: a shield protected yesterday' : streak.level.name}>
        {streak.icon}
      </span>
      <span className="flex-1">
        <span className="block text-2xl font-bold" data-testid="streak-count">
          {streak.currentStreak} {streak.currentStreak === 1 ? 'Day' : 'Days'}
        </span>
        <span className="block text-muted" data-testid="streak-level">
          {streak.level.name}
        </span>
      </span>
      <span className="text-sm text-muted">
        <span aria-hidden="true">🛡️</span> {streak.freezeDaysRemaining} <span className="sr-only">{streak.freezeDaysRemaining === 1 ? 'shield' : 'shields'} left</span>
         <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
      </span>
    </Link>
  );
}
