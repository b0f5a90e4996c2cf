// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AREAS, AREA_LABELS } from '@shared/domain/scoring';
import { BUTTON_LABELS } from '@shared/domain/check-in-rules';
import { publicUser } from '@test/helpers/public-user';
import { todayResponseSchema, type CheckInSubmission, type TodayResponse } from '@shared/schemas/check-ins';
import { apiEnvironment } from '@web/lib/api-client';
import { setCurrentUser } from '@web/features/auth/api/get-current-user';
import { createQueryClient } from '@web/lib/query-client';
import { queuedCheckIns } from '@web/sw/offline-queue';
import { OFFLINE_MESSAGES, SUBMIT_TIMEOUT_MS } from '../offline';
import { AUTO_ADVANCE_MS, QUESTIONS, QUEUED_REDIRECT_MS } from '../questions';
import CheckInScreen from './check-in-screen';

/**
 * The check-in flow on its own (Testing Library in happy-dom, the api client's fetch answered here): the timed
 * auto-advance, the review, changing one answer from the review, and a submission the server does not answer in
 * 3 s, which is stored on the device (IndexedDB, fake-indexeddb here) with its message on the screen.
 */

const USER = publicUser({
  email: 'pia@example.test',
  firstName: 'Pia',
  timezone: 'Pacific/Auckland',
  checkInTime: '21:00',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
});

/** Today's status with the evening window open (nothing done yet), as the server answers it. */
function today(over: Partial<TodayResponse> = {}): TodayResponse {
  const now = new Date();
  const later = new Date(now.getTime() + 3 * 3600_000).toISOString();
  const localDate = now.toLocaleDateString('en-CA', { timeZone: USER.timezone });
  return todayResponseSchema.parse({
    localDate,
    timezone: USER.timezone,
    checkInTime: '21:00',
    serverTime: now.toISOString(),
    hasCheckedInToday: false,
    windowState: {
      localDate,
      canCheckIn: true,
      canEdit: false,
      windowType: 'official-checkin',
      message: 'Check-in window is open',
      buttonLabel: BUTTON_LABELS.checkIn,
      opensAt: now.toISOString(),
      closesAt: later,
      isOpen: true,
      nextOpensAt: later,
      countdown: { target: later, label: 'Check-in window ends in' },
    },
    orientationState: { mode: 'regular', shouldShowFirstTimeCheckIn: false, endsAt: null },
    answerMode: 'boolean',
    journalEnabled: false,
    checkIn: null,
    journalEntry: null,
    ...over,
  });
}

const original = { ...apiEnvironment };
let posts: CheckInSubmission[];
let answerPost: 'never' | 'created';
let status: TodayResponse;

beforeEach(() => {
  posts = [];
  answerPost = 'created';
  status = today();
  apiEnvironment.redirect = () => undefined;
  // The page's own sync of the device's queue (lib/service-worker.ts) uses the browser's fetch: no connection here.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  apiEnvironment.fetch = async (url, init) => {
    if (url === '/api/checkins/today') return Response.json(status);
    if (url === '/api/checkins' && init.method === 'POST') {
      posts.push(JSON.parse(String(init.body)) as CheckInSubmission);
      // A connection that drops while the request is in flight: no answer, ever.
      if (answerPost === 'never') return new Promise<Response>(() => undefined);
      return Response.json({ checkIn: null, isFirstCheckIn: false, replaced: false, score: 1, celebration: null, milestoneReward: null }, { status: 201 });
    }
    return Response.json({ message: `not answered here: ${url}` }, { status: 404 });
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.assign(apiEnvironment, original);
  sessionStorage.clear();
});

/** The flow at /checkin (or `path`) with a signed-in user; resolves once the first question (or the review) shows. */
async function openFlow(path = '/checkin') {
  const client = createQueryClient();
  setCurrentUser(client, USER);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/checkin" element={<CheckInScreen />} />
          <Route path="/" element={<h1>Dashboard</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole('progressbar', { name: 'Check-in progress' }, { timeout: 5_000 });
  // From here on the flow's own timers are driven by the test.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return client;
}

const question = () => screen.getByRole('progressbar', { name: 'Check-in progress' }).getAttribute('aria-valuetext');
const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
/** Moves the fake clock on; a synchronous act flushes React at once (its returned thenable needs no await). */
const pass = (ms: number): void => {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
};
const answer = (yes: boolean) => fireEvent.click(screen.getByRole('button', { name: yes ? 'Yes' : 'No' }));

/** Answers every question (the flow advancing by itself after each), ending on the review. */
function answerAll(values: readonly boolean[]) {
  for (const v of values) {
    answer(v);
    pass(AUTO_ADVANCE_MS.boolean);
  }
}

describe('the check-in flow', () => {
  test('a yes/no answer moves to the next question after 500 ms, not before; Previous goes back at once', async () => {
    // Spec part 2 §2: 500 ms after a yes/no answer, 300 ms after a confirmed emoji.
    expect(AUTO_ADVANCE_MS).toEqual({ boolean: 500, scale: 300 });
    await openFlow();
    expect(question()).toBe('Question 1 of 7');
    expect(heading()).toContain(QUESTIONS[AREAS[0]].yesNo);
    answer(true);
    expect(screen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    pass(AUTO_ADVANCE_MS.boolean - 1);
    expect(question()).toBe('Question 1 of 7');
    pass(1);
    expect(question()).toBe('Question 2 of 7');
    expect(heading()).toContain(QUESTIONS[AREAS[1]].yesNo);
    // An answer changed within the delay restarts it; Previous cancels it.
    answer(false);
    pass(AUTO_ADVANCE_MS.boolean - 100);
    fireEvent.click(screen.getByRole('button', { name: 'Previous question' }));
    expect(question()).toBe('Question 1 of 7');
    pass(AUTO_ADVANCE_MS.boolean);
    expect(question()).toBe('Question 1 of 7');
  });

  test('the emoji scale (Premium) advances after 300 ms', async () => {
    status = today({ answerMode: 'scale' });
    await openFlow();
    fireEvent.click(screen.getByRole('radio', { name: /Good/ }));
    pass(AUTO_ADVANCE_MS.scale - 1);
    expect(question()).toBe('Question 1 of 7');
    pass(1);
    expect(question()).toBe('Question 2 of 7');
  });

  test('after the seventh answer the review lists every answer; completing sends them and opens the dashboard', async () => {
    await openFlow();
    const values = [true, false, true, true, false, true, true];
    answerAll(values);
    expect(heading()).toBe('Review your answers');
    const rows = within(screen.getByRole('list', { name: 'Your answers' })).getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(
      AREAS.map((a, i) => `${AREA_LABELS[a]}: ${values[i] ? 'Yes' : 'No'}. Change answer`),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Complete check-in' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(posts.map((p) => p.answers)).toEqual([values]);
    await vi.waitFor(() => screen.getByRole('heading', { name: 'Dashboard' }));
  });

  test('a row of the review opens its question; the new answer leads straight back to the review', async () => {
    await openFlow();
    answerAll([true, true, true, true, true, true, true]);
    const area = AREAS[2];
    fireEvent.click(screen.getByRole('button', { name: `${AREA_LABELS[area]}: Yes. Change answer` }));
    expect(question()).toBe('Question 3 of 7');
    expect(screen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    answer(false);
    pass(AUTO_ADVANCE_MS.boolean);
    expect(heading()).toBe('Review your answers');
    expect(screen.getByRole('button', { name: `${AREA_LABELS[area]}: No. Change answer` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `${AREA_LABELS[AREAS[3]]}: Yes. Change answer` })).toBeTruthy();
  });

  test("an edit of today's check-in opens with its answers and sends the change as an edit", async () => {
    const answers = [true, true, false, true, true, true, false];
    const done = today({ hasCheckedInToday: true });
    status = { ...done, windowState: { ...done.windowState, canEdit: true }, checkIn: checkInOf(done, answers) };
    await openFlow('/checkin?edit=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Update Check-in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    answerAll(answers.map((a, i) => (i === 6 ? true : a)));
    fireEvent.click(screen.getByRole('button', { name: 'Update check-in' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ answers: [true, true, false, true, true, true, true], edit: true });
  });

  test('a submission not answered within 3 s is stored on the device and says so, then the dashboard opens', async () => {
    answerPost = 'never';
    await openFlow();
    const values = [true, true, true, false, false, true, true];
    answerAll(values);
    fireEvent.click(screen.getByRole('button', { name: 'Complete check-in' }));
    await act(() => vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeTruthy();
    expect(screen.queryByTestId('check-in-queued')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The device's storage answers in its own tasks; the message shows as soon as the record is stored.
    await vi.waitFor(() => expect(screen.getByTestId('check-in-queued').textContent).toContain(OFFLINE_MESSAGES.saved), {
      interval: 10,
      timeout: 1_000,
    });
    const stored = await queuedCheckIns(USER.id);
    expect(stored.map((r) => r.data.body.answers)).toEqual([values]);
    // The request that never answered and the stored record carry the same key (the server makes one check-in).
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Review your answers');
    await act(() => vi.advanceTimersByTimeAsync(QUEUED_REDIRECT_MS));
    screen.getByRole('heading', { name: 'Dashboard' });
  });
});

/** A check-in of `status`'s day with these answers (as GET /api/checkins/today carries it). */
function checkInOf(s: TodayResponse, answers: boolean[]): NonNullable<TodayResponse['checkIn']> {
  const score = answers.filter(Boolean).length / answers.length;
  return {
    id: 'c1',
    date: s.localDate,
    ...(Object.fromEntries(AREAS.map((a, i) => [`${a}Score`, answers[i] ? 1 : 0])) as Pick<
      NonNullable<TodayResponse['checkIn']>,
      'restScore' | 'exerciseScore' | 'nutritionScore' | 'goalsScore' | 'boundariesScore' | 'connectionScore' | 'joyScore'
    >),
    score,
    answers,
    subscriptionTierAtCheckIn: 'free',
    timezone: s.timezone,
    createdAt: s.serverTime,
    updatedAt: s.serverTime,
  };
}
