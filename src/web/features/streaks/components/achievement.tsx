import { countText, milestoneAt, streakLengthText } from '@shared/domain/streak-engine';
import { rewardAtMilestone } from '@shared/domain/trials';
import { ButtonLink } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { useStreak } from '../api/get-streak';

/** An achievement detail page: achieved (with best streak) or the days still to go. */
export function AchievementPage({ days, title }: { days: number; title: string }) {
  const m = milestoneAt(days)!;
  const reward = rewardAtMilestone(days);
  const { data: streak, isPending, isError } = useStreak();
  const achieved = streak ? streak.bestStreak >= days : false;
  return (
    <Page>
      <PageHeader title={title} backTo="/streak" backLabel="Back to streak journey" />
      <Card className="text-center">
        <p className="text-6xl" aria-hidden="true">
          {m.emoji}
        </p>
        <h2 className="mt-3 text-2xl font-bold">{m.name}</h2>
        <p className="text-muted">A {streakLengthText(m.days, m.label)} streak</p>
        {isPending && <p className="mt-4 text-muted">Loading…</p>}
        {isError && <p className="mt-4 text-danger-text">Your progress could not be loaded.</p>}
        {streak && (
          <p className="mt-4 text-lg font-semibold" data-testid="achievement-status">
            {achieved ? 'Achieved!' : `${countText(days - streak.currentStreak, 'day')} to go`}
          </p>
        )}
        {streak && !achieved && (
          <div
            role="progressbar"
            aria-label={`Progress to ${m.name}`}
            aria-valuemin={0}
            aria-valuemax={days}
            aria-valuenow={Math.min(days, streak.currentStreak)}
            className="mx-auto mt-3 h-3 max-w-xs overflow-hidden rounded-full bg-surface-3"
          >
            <div className="h-full bg-primary" style={{ width: `${Math.min(100, Math.round((streak.currentStreak / days) * 100))}%` }} />
          </div>
        )}
      </Card>
      <Card className="mt-4">
        <h2 className="font-bold">What it means</h2>
        <p className="mt-2">
          {m.name} is a checkpoint: once reached, a break without shields resets your streak to {days} days instead of 0
          {days === 730 ? ', and this checkpoint is permanent' : ''}.
        </p>
        {reward && <p className="mt-2">Reward: {reward.reward} ({reward.features.join(', ')}).</p>}
      </Card>
      <ButtonLink to="/streak" className="mt-6" block variant="outline">
        Back to Streak Journey
      </ButtonLink>
    </Page>
  );
}
