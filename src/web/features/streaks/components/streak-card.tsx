import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { REST_DAY_ICON } from '@shared/domain/rest-days';
import { useStreak } from '../api/get-streak';

/**
 * Streak card: level name and icon (a snowflake when yesterday was frozen and today has no check-in); → /streak.
 * `aside` (composed by web/app: the strength score, issue 28) sits beside the streak, outside its link.
 */
export function StreakCard({ aside }: { aside?: ReactNode } = {}) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-2 sm:flex-row sm:items-center" data-testid="streak-card-box">
      <div className="min-w-0 flex-1">
        <StreakLink />
      </div>
      {aside && <div className="border-t border-border px-2 pt-2 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-3">{aside}</div>}
    </div>
  );
}

function StreakLink() {
  const { data: streak, isPending, isError } = useStreak();
  if (isPending || isError || !streak) {
    return (
      <Link to="/streak" className="flex min-h-20 items-center gap-1 rounded-xl p-2 font-semibold" data-testid="streak-card">
        Streak Journey <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
      </Link>
    );
  }
  const frozen = streak.yesterdayFrozen && !streak.todayCompleted;
  // Issue 28: a rest day is said as one, never as a missed day.
  const rest = streak.todayCompleted ? null : streak.todayRest ? 'Rest day today' : streak.yesterdayRest ? 'Yesterday was a rest day' : null;
  return (
    <Link
      to="/streak"
      data-testid="streak-card"
      className="flex min-h-20 items-center gap-4 rounded-xl p-2 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
    >
      <span className="text-4xl" role="img" aria-label={rest ?? (frozen ? 'Frozen: a shield protected yesterday' : streak.level.name)}>
        {rest ? REST_DAY_ICON : streak.icon}
      </span>
      <span className="flex-1">
        <span className="block text-2xl font-bold" data-testid="streak-count">
          {streak.currentStreak} {streak.currentStreak === 1 ? 'Day' : 'Days'}
        </span>
        <span className="block text-muted" data-testid="streak-level">
          {streak.level.name}
        </span>
        {rest && (
          <span className="block text-sm font-medium" data-testid="streak-rest-day">
            {rest}
          </span>
        )}
      </span>
      <span className="text-sm text-muted">
        <span aria-hidden="true">🛡️</span> {streak.freezeDaysRemaining} <span className="sr-only">{streak.freezeDaysRemaining === 1 ? 'shield' : 'shields'} left</span>
         <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
      </span>
    </Link>
  );
}
