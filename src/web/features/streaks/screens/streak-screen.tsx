import { ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MILESTONES, countText, streakLengthText } from '@shared/domain/streak-engine';
import { milestoneRewardsFor } from '@shared/domain/trials';
import { addLocalMonths, lastLocalDays, localMonthOf, weekdayShortOf } from '@shared/domain/dates';
import { shieldsByPlanText, type Tier } from '@shared/domain/tiers';
import type { CalendarDay, StreakView } from '@shared/schemas/streaks';
import { ApiError } from '@web/lib/api-client';
import { getHistoryQueryOptions } from '@web/features/check-ins/api/get-history';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useSubscription } from '@web/features/subscriptions/api/get-subscription';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { toast } from '@web/components/ui/toast';
import { useCalendar } from '../api/calendar';
import { useRecoverWithShield } from '../api/recover-with-shield';
import { useFrozenDays } from '../api/get-frozen-days';
import { useStreak } from '../api/get-streak';
import { DayCell, MonthlyActivityDialog } from '../components/calendar';
import { RestDaysCard } from '../components/rest-days-card';
import { CheckInDetailsBody, CheckInDetailsDialog } from '../components/check-in-details';
import { STREAK_TEXTS, STREAK_TIMINGS, shieldText } from '../texts';

/** Where a milestone tile's dialog links for more. */
const ACHIEVEMENT_PAGES: Record<number, string> = { 30: '/achievement/dedicated-soul', 100: '/achievement/legendary-warrior' };


/**
 * /streak — the streak journey (spec part 1 §2.9). `buyShield` is the shield purchase (the subscriptions
 * feature's checkout button, handed in by src/web/app/streak-page.tsx).
 */
export default function StreakScreen({ buyShield, rewardClaims }: { buyShield?: ReactNode; rewardClaims?: ReactNode }) {
  const streakQuery = useStreak();

  // Spec part 1 §4.1: a logged-out visitor here gets a toast and is sent to sign in again after 500 ms.
  const loggedOut = streakQuery.isSuccess && streakQuery.data === null;
  useEffect(() => {
    if (!loggedOut) return;
    toast({ title: STREAK_TEXTS.unauthorizedTitle, description: STREAK_TEXTS.unauthorizedBody, variant: 'destructive' });
    const t = setTimeout(() => window.location.assign('/signin'), STREAK_TIMINGS.relogin);
    return () => clearTimeout(t);
  }, [loggedOut]);

  // A shield or recovery checkout cancelled: Stripe (or the test checkout) returns here with payment=cancelled.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cancelled = params.get('payment') === 'cancelled';
  useEffect(() => {
    if (!cancelled) return;
    toast({ title: STREAK_TEXTS.paymentCancelledTitle, description: STREAK_TEXTS.paymentCancelledBody });
    void navigate('/streak', { replace: true });
  }, [cancelled, navigate]);

  const streak = streakQuery.data;
  return (
    <Page>
      <PageHeader title="Streak Journey" backTo="/" backLabel="Back to dashboard" />
      {streakQuery.isPending && <p className="text-muted">Loading your streak…</p>}
      {streakQuery.isError && (
        <Card>
          <p role="alert">Your streak could not be loaded. Please try again.</p>
          <Button className="mt-3" variant="outline" onClick={() => void streakQuery.refetch()}>
            Try again
          </Button>
        </Card>
      )}
      {streak && <StreakJourney streak={streak} buyShield={buyShield} rewardClaims={rewardClaims} />}
    </Page>
  );
}

function StreakJourney({ streak, buyShield, rewardClaims }: { streak: StreakView; buyShield: ReactNode; rewardClaims?: ReactNode }) {
  const user = useCurrentUser().data;
  const sub = useSubscription().data;
  const tier: Tier = sub?.tier ?? user?.tier ?? 'free';
  return (
    <div className="space-y-4">
      <Card className="flex items-center gap-4">
        <span className="text-5xl" role="img" aria-label={streak.icon === streak.level.icon ? streak.level.name : 'Frozen: a shield protected yesterday'}>
          {streak.icon}
        </span>
        <div>
          <p className="text-3xl font-bold" data-testid="current-streak">
            {countText(streak.currentStreak, 'day')}
          </p>
          <p className="text-muted">
            {streak.level.name} · Best {streak.bestStreak}
          </p>
        </div>
      </Card>
      <NextMilestoneCard streak={streak} />
      <MilestoneAchievements streak={streak} />
      <RecentActivity streak={streak} tier={tier} />
      <StreakProtectionCard streak={streak} buyShield={buyShield} />
      <RestDaysCard today={streak.today} />
      <MilestoneRewardsCard tier={tier} claims={rewardClaims} />
    </div>
  );
}

function NextMilestoneCard({ streak }: { streak: StreakView }) {
  const next = streak.nextMilestone;
  return (
    <Card>
      <h2 className="text-lg font-bold">Next Milestone</h2>
      {next ? (
        <>
          <p className="mt-2">
            <span aria-hidden="true">{next.emoji} </span>
            <strong>{next.name}</strong> at {next.days} days
          </p>
          <p className="text-muted" data-testid="days-to-go">
            {countText(next.daysToGo, 'day')} to go
          </p>
          <div
            role="progressbar"
            aria-label={`Progress to ${next.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={next.progress}
            className="mt-3 h-3 overflow-hidden rounded-full bg-surface-3"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${next.progress}%` }} />
          </div>
        </>
      ) : (
        <p className="mt-2">You have reached every milestone. Incredible!</p>
      )}
    </Card>
  );
}

function MilestoneAchievements({ streak }: { streak: StreakView }) {
  const [open, setOpen] = useState<number | null>(null);
  const selected = streak.milestones.find((m) => m.days === open);
  return (
    <Card>
      <h2 className="text-lg font-bold">Milestone Achievements</h2>
      <ul className="mt-3 grid grid-cols-2 gap-3">
        {streak.milestones.map((m) => (
          <li key={m.days}>
            <button
              type="button"
              onClick={() => setOpen(m.days)}
              className="flex min-h-24 w-full flex-col items-center justify-center gap-1 rounded-xl border border-border bg-surface-2 p-3 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              aria-label={`${m.name}, ${m.label}: ${m.achieved ? 'achieved' : 'not yet achieved'}`}
            >
              <span className={m.achieved ? 'text-3xl' : 'text-3xl opacity-40 grayscale'} aria-hidden="true">
                {m.emoji}
              </span>
              <span className="text-sm font-semibold">{m.name}</span>
              <span className="text-xs text-muted">{m.achieved ? 'Achieved' : m.label}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected && (
        <Modal open onOpenChange={(o) => !o && setOpen(null)} title={selected.name}>
          <p className="mt-3 text-center text-5xl" aria-hidden="true">
            {selected.emoji}
          </p>
          <p className="mt-3">
            {selected.achieved
              ? `Achieved: you kept a ${streakLengthText(selected.days, selected.label)} streak. It is now a checkpoint your streak cannot fall below.`
              : `Keep a ${streakLengthText(selected.days, selected.label)} streak to earn it: ${countText(Math.max(0, selected.days - streak.currentStreak), 'day')} to go.`}
          </p>
          <p className="mt-2 text-sm text-muted">Milestones are checkpoints: if your streak breaks without a shield, it resets to the highest milestone you reached.</p>
          {ACHIEVEMENT_PAGES[selected.days] && (
            <ButtonLink to={ACHIEVEMENT_PAGES[selected.days]!} className="mt-4" block variant="outline">
              View achievement
            </ButtonLink>
          )}
        </Modal>
      )}
    </Card>
  );
}

function RecentActivity({ streak, tier }: { streak: StreakView; tier: Tier }) {
  const thisMonth = localMonthOf(streak.today);
  const days7 = useMemo(() => lastLocalDays(streak.today, 7), [streak.today]);
  const needsPrevious = localMonthOf(days7[0]!) !== thisMonth;
  const current = useCalendar(thisMonth);
  const previous = useCalendar(needsPrevious ? addLocalMonths(thisMonth, -1) : null);
  const [monthOpen, setMonthOpen] = useState(false);
  const [detailsDate, setDetailsDate] = useState<string | null>(null);
  const history = useQuery({ ...getHistoryQueryOptions(), enabled: detailsDate !== null });

  const byDate = new Map<string, CalendarDay>();
  for (const d of [...(previous.data?.days ?? []), ...(current.data?.days ?? [])]) byDate.set(d.date, d);
  const recent = days7.map((d) => byDate.get(d)).filter((d): d is CalendarDay => Boolean(d));
  const checkIn = detailsDate ? (history.data?.checkIns.find((c) => c.date === detailsDate) ?? null) : null;
  const openDay = (d: CalendarDay) => setDetailsDate(d.date);

  return (
    <Card>
      <h2 className="text-lg font-bold">
        <button
          type="button"
          onClick={() => setMonthOpen(true)}
          className="flex min-h-11 w-full items-center justify-between rounded-lg text-left focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          aria-haspopup="dialog"
        >
          Recent Activity
          <span className="text-sm font-medium text-link">
            View month <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
          </span>
        </button>
      </h2>
      <p className="text-sm text-muted">The last 7 days</p>
      {current.isError && <p className="mt-2 text-danger-text">Your activity could not be loaded.</p>}
      {/* Edge to edge on a phone (room for 7 tappable days); inside the card from 640 px (issue 30). */}
      <div className="-mx-3 mt-3 grid grid-cols-7 gap-px sm:mx-0 sm:gap-1.5" data-testid="recent-activity">
        {recent.map((d) => (
          <div key={d.date} className="text-center">
            <span className="text-xs text-muted" aria-hidden="true">
              {weekdayShortOf(d.date)}
            </span>
            <DayCell day={d} onOpen={openDay} />
          </div>
        ))}
      </div>
      <Link to="/insights/year" className="mt-3 inline-flex min-h-11 items-center font-medium text-link underline">
        See your year in pixels <span aria-hidden="true">&nbsp;›</span>
      </Link>
      <MonthlyActivityDialog
        open={monthOpen}
        onOpenChange={setMonthOpen}
        initialMonth={thisMonth}
        renderDay={(d) => <DayDetails date={d.date} tier={tier} />}
      />
      {detailsDate && (history.isSuccess || history.isError) && (
        <CheckInDetailsDialog checkIn={checkIn} date={detailsDate} tier={tier} onClose={() => setDetailsDate(null)} />
      )}
    </Card>
  );
}

function StreakProtectionCard({ streak, buyShield }: { streak: StreakView; buyShield: ReactNode }) {
  const [open, setOpen] = useState(false);
  const frozen = useFrozenDays().data;
  const recover = useRecoverWithShield();
  const canRecover = streak.recoveryAvailable && streak.lostStreakValue !== null && streak.freezeDaysRemaining > 0;
  const recoverWithShield = () =>
    recover.mutate(undefined, {
      onSuccess: () => toast({ title: STREAK_TEXTS.recoveredTitle, description: STREAK_TEXTS.recoveredBody }),
      onError: (err) => {
        // A 401 already sends the person to sign in again (the api client); anything else says so here.
        if (err instanceof ApiError && err.status === 401) return;
        toast({ title: STREAK_TEXTS.recoveryFailedTitle, description: STREAK_TEXTS.recoveryFailedBody, variant: 'destructive' });
      },
    });
  // Spec part 1 §4.7: shields used = the larger of the detailed frozen days and the legacy counter.
  const used = Math.max(frozen?.frozenDays.length ?? 0, streak.freezeDaysUsed);
  return (
    <Card>
      <h2 className="text-lg font-bold">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          className="flex min-h-11 w-full items-center justify-between rounded-lg text-left focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          Streak Protection
          <span className="text-sm font-medium text-link">
            How it works <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
          </span>
        </button>
      </h2>
      <p className="mt-2 text-2xl font-bold" data-testid="shields-remaining">
        <span aria-hidden="true">🛡️ </span>
        {shieldText(streak.freezeDaysRemaining)} {streak.freezeDaysRemaining === 1 ? 'shield' : 'shields'} left
      </p>
      <p className="text-sm text-muted">Shields used so far: {used}</p>
      {canRecover && (
        <Button className="mt-4" block variant="secondary" onClick={recoverWithShield} disabled={recover.isPending}>
          Use a shield to recover your {streak.lostStreakValue}-day streak
        </Button>
      )}
      {buyShield}
      <Modal open={open} onOpenChange={setOpen} title={STREAK_TEXTS.howProtectionWorks}>
        <div className="mt-3 space-y-2">
          <p>A shield (freeze day) protects your streak when you miss a day: it is used automatically when the day ends without a check-in, even if you never open the app.</p>
          <p>Without a shield, a missed day breaks your streak, which then falls back to the highest milestone you reached.</p>
          <p>{shieldsByPlanText()} You can also buy single shields.</p>
          <p>{STREAK_TEXTS.restDaysVsShields}</p>
        </div>
        <div className="mt-4 flex flex-col gap-2">
          <ButtonLink to="/usage-history" variant="outline" block>
            View shield usage history
          </ButtonLink>
          <Link to="/shield-protection" className="inline-flex min-h-11 items-center justify-center text-link underline">
            More about shields
          </Link>
        </div>
      </Modal>
    </Card>
  );
}

function MilestoneRewardsCard({ tier, claims }: { tier: Tier; claims?: ReactNode }) {
  // Spec part 1 §6: the rewards this tier can still earn; first, any earned and not claimed yet (issue 30).
  const rewards = milestoneRewardsFor(tier);
  if (!rewards.length) return claims ? <div>{claims}</div> : null;
  return (
    <Card>
      <h2 className="text-lg font-bold">Milestone Rewards</h2>
      {claims && <div className="mt-3">{claims}</div>}
      <ul className="mt-3 space-y-3">
        {rewards.map((r) => {
          const m = MILESTONES.find((x) => x.days === r.milestone);
          return (
            <li key={r.milestone} className="flex items-center gap-3 rounded-xl bg-surface-2 p-3">
              <span className="text-2xl" aria-hidden="true">
                {m?.emoji}
              </span>
              <span>
                <span className="block font-semibold">{r.milestone}-day reward</span>
                <span className="block text-sm text-muted">{r.reward}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Check-in Details of one day inside the month view (the history query is shared with the last-7-days view). */
function DayDetails({ date, tier }: { date: string; tier: Tier }) {
  const history = useQuery(getHistoryQueryOptions());
  if (history.isPending) return <p className="mt-4 text-muted">Loading…</p>;
  const checkIn = history.data?.checkIns.find((c) => c.date === date) ?? null;
  return <CheckInDetailsBody checkIn={checkIn} tier={tier} />;
}
