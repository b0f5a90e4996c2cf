// @vitest-environment jsdom
/**
 * The dashboard's modal queue, rendered (issue 26, issue 30): which dialog opens when, one at a time. The server is a
 * table of answers behind the api client's fetch; everything else is the real component.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MOMENT_MS } from '@shared/domain/check-in-moment';
import type { CheckInMoment } from '@web/lib/check-ins';
import { publicUser } from '@test/helpers/public-user';
import { apiEnvironment } from '@web/lib/api-client';
import { openRewardModal } from '../features/rewards';
import { DashboardModals } from './dashboard-modals';

const TODAY = '2026-03-10';
const USER = publicUser();

interface Server {
  trialJustExpired?: 'premium' | null;
  frozenDays?: string[];
  rewards?: Array<{ type: string; reward: string; milestone: number }>;
  notificationModalSeen?: boolean;
  streak?: number;
  checkedIn?: string[];
}

function answers(s: Server): Record<string, unknown> {
  return {
    '/api/auth/session': { user: USER },
    '/api/subscription': { tier: 'free', premiumExpiresAt: null, aiCoachExpiresAt: null, trialJustExpired: s.trialJustExpired ?? null, previousTier: null, billing: null },
    '/api/streak': {
      currentStreak: s.streak ?? 5,
      bestStreak: s.streak ?? 5,
      freezeDaysUsed: 0,
      freezeDaysRemaining: 0,
      checkpoint: 0,
      level: { name: 'Sprouting', min: 5, icon: '🌿' },
      icon: '🌿',
      nextMilestone: null,
      milestones: [],
      yesterdayFrozen: false,
      todayCompleted: true,
      today: TODAY,
      lastCompletedDate: TODAY,
      recoveryAvailable: false,
      lostStreakValue: null,
    },
    '/api/streak/frozen-days': { frozenDays: s.frozenDays ?? [] },
    '/api/streak/recovery-available': { available: 0, lostStreakValue: 0 },
    '/api/subscription/dismiss-trial-expiry': { message: 'Dismissed' },
    '/api/rewards/available': { availableRewards: s.rewards ?? [] },
    '/api/notifications/settings': { dailyReminders: false, lastChanceReminders: false, hasSeenNotificationModal: s.notificationModalSeen ?? true, emailFallback: false },
    '/api/checkins/history': {
      checkIns: (s.checkedIn ?? []).map((date, i) => ({ id: `c${i}`, date, score: 1 })),
      count: s.checkedIn?.length ?? 0,
      overallScore: 80,
      areaAverages: {},
    },
  };
}

const PREMIUM_REWARD = { type: 'premium', reward: '30 days of Premium free', milestone: 30 };
const moment = (over: Partial<CheckInMoment> = {}): CheckInMoment => ({
  isFirstCheckIn: false,
  replaced: false,
  score: 0.86,
  celebration: null,
  date: TODAY,
  streak: 5,
  previousOverall: 78,
  ...over,
});

const realFetch = apiEnvironment.fetch;
beforeAll(async () => {
  // Each dialog's code loads when it opens (React.lazy): loaded here once, so the timings below are the queue's.
  await Promise.all([
    import('../features/dashboard/components/check-in-moment'),
    import('../features/subscriptions/components/trial-expired-modal'),
    import('../features/streaks/components/streak-modals'),
    import('./dashboard-recovery-modal'),
    import('../features/rewards/components/reward-modal'),
    import('../features/notifications/components/enable-notifications-modal'),
  ]);
  // jsdom has <dialog> but not its modal methods; the reduced-motion query keeps confetti (Web Animations) out.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  openRewardModal(null);
});
afterEach(() => {
  cleanup();
  apiEnvironment.fetch = realFetch;
});

function renderQueue(server: Server, props: { moment?: CheckInMoment | null } = {}) {
  const table = answers(server);
  apiEnvironment.fetch = async (input: string) => {
    const path = input.split('?')[0]!;
    if (!(path in table)) return new Response(JSON.stringify({ message: 'not here' }), { status: 404 });
    return new Response(JSON.stringify(table[path]), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let current = props.moment ?? null;
  const ended: number[] = [];
  const view = () => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardModals
          moment={current}
          onMomentDone={() => {
            ended.push(Date.now());
            current = null;
            result.rerender(view());
          }}
        />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(view());
  return { ended };
}

/** The dialogs open now (each queued dialog is a <dialog open>). */
const openDialogs = () => [...document.querySelectorAll('dialog[open]')];

describe('the dashboard modal queue', () => {
  test('after a check-in the moment comes first: the reward waits behind it, then opens as the second step', async () => {
    renderQueue({ rewards: [PREMIUM_REWARD], streak: 30 }, { moment: moment({ streak: 30, rewardType: 'premium' }) });
    const m = await screen.findByRole('dialog', { name: 'Dedicated Soul' });
    expect(m.getAttribute('data-kind')).toBe('milestone');
    expect(screen.getByTestId('moment-streak').textContent).toContain('30');
    // The rewards are known by now, and still no second dialog over the moment.
    await waitFor(() => expect(screen.getByRole('button', { name: 'See your reward' })).toBeTruthy());
    expect(openDialogs()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'See your reward' }));
    await screen.findByRole('dialog', { name: 'CONGRATULATIONS, MIA!' });
    expect(screen.queryByTestId('check-in-moment')).toBeNull();
    expect(openDialogs()).toHaveLength(1);
  });

  test('an ordinary check-in: streak, seven dots and the sentence for the day; ends by itself after ~2 s', async () => {
    const { ended } = renderQueue({ checkedIn: ['2026-03-09', '2026-03-08'] }, { moment: moment({ score: 0.14 }) });
    const m = await screen.findByRole('dialog', { name: 'Check-in complete!' });
    expect(m.getAttribute('data-kind')).toBe('day');
    expect(screen.getByTestId('moment-sentence').textContent).toBe('Thanks for showing up on a hard day.');
    expect(screen.getByTestId('moment-score').textContent).toBe('14%');
    const week = screen.getByRole('list', { name: /Last seven days/ });
    await waitFor(() => expect(week.getAttribute('aria-label')).toBe('Last seven days: 3 of 7 checked in'));
    expect([...week.querySelectorAll('li')].map((li) => li.getAttribute('data-done'))).toEqual(['false', 'false', 'false', 'false', 'true', 'true', 'true']);
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByTestId('check-in-moment')).toBeNull(), { timeout: MOMENT_MS + 2_000 });
    expect(ended).toHaveLength(1);
    expect(ended[0]! - shownAt).toBeGreaterThanOrEqual(MOMENT_MS - 300);
  });

  test('a 3-day streak is celebrated; Escape ends the moment', async () => {
    renderQueue({ streak: 3 }, { moment: moment({ streak: 3 }) });
    const m = await screen.findByRole('dialog', { name: '3 days in a row!' });
    expect(m.getAttribute('data-celebration')).toBe('3');
    fireEvent.keyDown(m, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('check-in-moment')).toBeNull());
  });

  test('an edit of today celebrates nothing, whatever the streak', async () => {
    renderQueue({ streak: 3 }, { moment: moment({ streak: 3, replaced: true }) });
    const m = await screen.findByRole('dialog', { name: 'Check-in updated' });
    expect(m.getAttribute('data-kind')).toBe('day');
  });

  test('an ended trial, then Streak Protected!: one at a time, the second once the first is closed', async () => {
    renderQueue({ trialJustExpired: 'premium', frozenDays: ['2026-03-09'] });
    const trial = await screen.findByRole('dialog', { name: /trial/i });
    expect(openDialogs()).toHaveLength(1);
    fireEvent.click(trial.querySelector('[data-testid="dialog-close"]')!);
    await screen.findByRole('dialog', { name: 'Streak Protected!' });
    expect(openDialogs()).toHaveLength(1);
  });

  test('a reward earned and not offered yet opens by itself once; closed, it is not offered again by itself', async () => {
    renderQueue({ rewards: [PREMIUM_REWARD] });
    const reward = await screen.findByRole('dialog', { name: 'CONGRATULATIONS, MIA!' });
    fireEvent.click(reward.querySelector('[data-testid="dialog-close"]')!);
    await waitFor(() => expect(openDialogs()).toHaveLength(0));
    cleanup();
    renderQueue({ rewards: [PREMIUM_REWARD] });
    // Everything has answered (the notification prompt is seen): nothing opens.
    await act(async () => new Promise((r) => setTimeout(r, 300)));
    expect(openDialogs()).toHaveLength(0);
    // Its card still opens it on request.
    act(() => openRewardModal('premium'));
    await screen.findByRole('dialog', { name: 'CONGRATULATIONS, MIA!' });
  });

  test('the notification prompt comes last, 1.5 s after, and not while the moment shows', async () => {
    renderQueue({ notificationModalSeen: false }, { moment: moment() });
    await screen.findByTestId('check-in-moment');
    await act(async () => new Promise((r) => setTimeout(r, 1_600)));
    expect(openDialogs()).toHaveLength(1);
    expect(screen.queryByTestId('check-in-moment')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: /notifications/i });
    expect(openDialogs()).toHaveLength(1);
  });
});
