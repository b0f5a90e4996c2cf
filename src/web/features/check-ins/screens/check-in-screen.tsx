import { useEffect, useId, useRef, useState } from 'react';
import { prefersReducedMotion } from '@web/components/ui/confetti';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { AREAS, AREA_LABELS, answerScore, mean } from '@shared/domain/scoring';
import type { HistoryResponse, TodayResponse } from '@shared/schemas/check-ins';
import type { StreakView } from '@shared/schemas/streaks';
import { queuedStreakAfter } from '@shared/domain/queued-streak';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';
import { JOURNAL_FIELDS, JOURNAL_MAX_LENGTH } from '@shared/domain/journal';
import { ApiError } from '@web/lib/api-client';
import { JUST_CHECKED_IN_FLAG, saveCheckInMoment, type CheckInMoment } from '@web/lib/check-ins';
import { historyQueryKey } from '../api/get-history';
import { getTodayQueryOptions } from '../api/get-today';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { useDeveloperMode } from '@web/lib/developer-mode';
import { useTodayWithQueued } from '@web/lib/queued-check-ins';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { toast } from '@web/components/ui/toast';
import { useSubmitCheckIn } from '../api/submit-check-in';
import { loadOfflineQueue, OFFLINE_MESSAGES, OfflineSaveError, useOfflineQueueAtHand } from '../offline';
import { wipeBrowserData } from '@web/lib/browser-data';
import { EmojiScale, JournalBox, YesNoAnswer } from '../components/answer-controls';
import {
  AUTO_ADVANCE_MS,
  CHECK_IN_ERRORS,
  checkInErrorText,
  FIRST_CHECK_IN_REDIRECT_MS,
  MILESTONE_REDIRECT_MS,
  QUESTIONS,
  QUEUED_REDIRECT_MS,
  scaleOption,
  type Answer,
} from '../questions';
import { ChevronRight } from 'lucide-react';
import { detached } from '@web/lib/detached';

const TOTAL = AREAS.length;
const DASHBOARD_AFTER_CHECK_IN = '/?trigger_animation=true';

/**
 * /checkin and /checkin?edit=true (spec part 2 §2, §4): seven questions one at a time, then a review screen.
 * The server decides the window and the answer mode (yes/no or the emoji scale, journal for ai-coach);
 * outside the window the screen says when it opens instead of asking.
 */
export default function CheckInScreen() {
  // Always re-read the window when the flow opens: the server is the authority.
  const today = useQuery({ ...getTodayQueryOptions(), refetchOnMount: 'always' });
  const [params] = useSearchParams();
  const wantsEdit = params.get('edit') === 'true';
  const flowShown = useRef(false);
  // A check-in of today stored on this device and not yet sent counts as made: the flow opens to update it.
  const todayData = useTodayWithQueued(today.data, useCurrentUser().data);

  if (today.isPending || (today.isFetching && !today.isFetchedAfterMount)) {
    return (
      <Page>
        <PageHeader title="Daily Check-in" backTo="/" backLabel="Back to Dashboard" />
        <p role="status" className="text-muted">
          Loading your check-in…
        </p>
      </Page>
    );
  }
  if (today.isError || !todayData) {
    return (
      <Page>
        <PageHeader title="Daily Check-in" backTo="/" backLabel="Back to Dashboard" />
        <Card>
          <p role="alert">We couldn’t load your check-in window. Check your connection and try again.</p>
          <Button className="mt-4" onClick={() => void today.refetch()}>
            Try again
          </Button>
        </Card>
      </Page>
    );
  }
  const status = todayData;
  const { windowState } = status;
  // Once the flow is on screen it stays there: saving a first check-in through the orientation window
  // closes today's window, and unmounting the flow then would drop its redirect to the dashboard.
  if (!windowState.canCheckIn && !windowState.canEdit && !flowShown.current) return <WindowClosed status={status} />;
  flowShown.current = true;
  const editing = status.hasCheckedInToday || (wantsEdit && !!status.checkIn);
  return <CheckInFlow status={status} editing={editing} />;
}

function WindowClosed({ status }: { status: TodayResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Page>
      <PageHeader title="Daily Check-in" backTo="/" backLabel="Back to Dashboard" />
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          {status.hasCheckedInToday ? 'You’ve checked in today' : 'Check-in is closed right now'}
        </h2>
        <p className="mt-2">{status.windowState.message}</p>
        <p className="mt-2 text-muted">
          Your daily window opens at your check-in time and stays open until midnight. You can change the time in
          Settings.
        </p>
        <ButtonLink to="/" block className="mt-4">
          Back to Dashboard
        </ButtonLink>
      </Card>
    </Page>
  );
}

function initialAnswers(status: TodayResponse): Answer[] | null[] {
  const prev = status.checkIn?.answers;
  const scale = status.answerMode === 'scale';
  if (prev && prev.length === TOTAL && prev.every((a) => (scale ? typeof a === 'number' : typeof a === 'boolean'))) {
    return [...prev];
  }
  return Array<null>(TOTAL).fill(null);
}

function initialJournals(status: TodayResponse): string[] {
  const entry = status.journalEntry;
  return JOURNAL_FIELDS.map((f) => (entry?.[f] ?? '') as string);
}

function CheckInFlow({ status, editing: editingNow }: { status: TodayResponse; editing: boolean }) {
  // Fixed when the flow opens: saving refetches today's status, which must not relabel the screen.
  const [editing] = useState(editingNow);
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useCurrentUser().data;
  const developerMode = useDeveloperMode(user);
  const submit = useSubmitCheckIn();
  // The offline queue's code loads once the person answers (or the browser goes offline), not with the screen.
  useOfflineQueueAtHand();
  const scale = status.answerMode === 'scale';
  const journaling = status.journalEnabled;
  const autoAdvance = !journaling;

  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Array<Answer | null>>(() => initialAnswers(status));
  const [journals, setJournals] = useState<string[]>(() => initialJournals(status));
  const [done, setDone] = useState(false);
  // Stored on this device instead of reaching the server (no connection, or no answer within 3 s).
  const [queued, setQueued] = useState(false);
  // A row of the review screen was tapped: after that one answer the flow returns to the review.
  const [fromReview, setFromReview] = useState(false);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  // Focus the new question's (or the review's) heading so screen readers announce it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);
  useEffect(
    () => () => {
      if (advanceTimer.current) clearTimeout(advanceTimer.current);
    },
    [],
  );

  const cancelAdvance = () => {
    if (advanceTimer.current) clearTimeout(advanceTimer.current);
    advanceTimer.current = null;
  };
  const goTo = (s: number) => {
    cancelAdvance();
    const next = Math.max(0, Math.min(TOTAL, s));
    if (next === TOTAL) setFromReview(false);
    setStep(next);
  };
  /** The step after the current question: the next one, or straight back to the review when changing one answer. */
  const nextStep = fromReview ? TOTAL : step + 1;
  const changeAnswer = (i: number) => {
    setFromReview(true);
    goTo(i);
  };
  const setAnswer = (i: number, v: Answer) => {
    void loadOfflineQueue().catch(() => undefined);
    setAnswers((prev) => prev.map((a, j) => (j === i ? v : a)));
  };
  const answerAndMaybeAdvance = (v: Answer) => {
    setAnswer(step, v);
    if (!autoAdvance) return;
    cancelAdvance();
    const from = step;
    const to = nextStep;
    const advance = () => {
      advanceTimer.current = null;
      if (to === TOTAL) setFromReview(false);
      setStep((s) => (s === from ? to : s));
    };
    // Under prefers-reduced-motion the next question comes at once, with no timed auto-advance.
    if (prefersReducedMotion()) advance();
    else advanceTimer.current = setTimeout(advance, scale ? AUTO_ADVANCE_MS.scale : AUTO_ADVANCE_MS.boolean);
  };

  const onSubmit = () => {
    if (answers.some((a) => a === null) || submit.isPending || done) return;
    const final = answers as Answer[];
    const score = mean(final.map(answerScore));
    submit.mutate(
      {
        answers: final,
        journalEntries: journaling ? journals.map((t) => (t.trim() ? t : null)) : undefined,
        edit: editing,
        score,
        isPremium: scale,
        developerMode,
      },
      {
        onSuccess: detached(async (outcome) => {
          setDone(true);
          if (outcome.kind === 'queued') {
            // Stored on the device and sent later (the 'Synced' toast says when). The dashboard shows the usual
            // moment, from what was answered here, and today as done (lib/queued-check-ins.ts). A first check-in
            // does not wipe the browser's caches here: offline, the dashboard opens from them.
            setQueued(true);
            const history = client.getQueryData<HistoryResponse>(historyQueryKey);
            const first = !editing && (history ? history.count === 0 : status.orientationState.mode === 'orientation');
            sessionStorage.setItem(JUST_CHECKED_IN_FLAG, 'true');
            saveCheckInMoment({
              isFirstCheckIn: first,
              replaced: editing,
              score,
              celebration: null,
              queued: true,
              date: status.localDate,
              streak: queuedStreakAfter(client.getQueryData<StreakView>(STREAK_KEY)),
              previousOverall: history?.overallScore ?? null,
            });
            setTimeout(() => void navigate(DASHBOARD_AFTER_CHECK_IN), QUEUED_REDIRECT_MS);
            return;
          }
          const result = outcome.result;
          const moment: CheckInMoment = {
            isFirstCheckIn: result.isFirstCheckIn,
            replaced: result.replaced,
            score: result.score,
            celebration: result.celebration ? { message: result.celebration.message } : null,
            date: result.date,
            streak: result.currentStreak ?? null,
            previousOverall: client.getQueryData<HistoryResponse>(historyQueryKey)?.overallScore ?? null,
            rewardType: result.milestoneReward?.rewardType ?? null,
          };
          sessionStorage.setItem(JUST_CHECKED_IN_FLAG, 'true');
          saveCheckInMoment(moment);
          if (result.isFirstCheckIn) {
            await wipeBrowserData('first-check-in');
            sessionStorage.setItem(JUST_CHECKED_IN_FLAG, 'true');
            saveCheckInMoment(moment);
            setTimeout(() => window.location.assign(DASHBOARD_AFTER_CHECK_IN), FIRST_CHECK_IN_REDIRECT_MS);
          } else if (result.milestoneReward) {
            setTimeout(() => void navigate(DASHBOARD_AFTER_CHECK_IN), MILESTONE_REDIRECT_MS);
          } else {
            void navigate(DASHBOARD_AFTER_CHECK_IN);
          }
        }),
        onError: (err) => {
          if (err instanceof OfflineSaveError) {
            toast({ title: OFFLINE_MESSAGES.failed, variant: 'destructive' });
            return;
          }
          const server = err instanceof ApiError ? (err.status === 401 ? err.message : err.serverMessage) : err.message;
          toast({ title: CHECK_IN_ERRORS.title, description: checkInErrorText(server), variant: 'destructive' });
        },
      },
    );
  };

  const onReview = step === TOTAL;
  const area = AREAS[Math.min(step, TOTAL - 1)]!;
  const current = answers[step] ?? null;
  const questionText = scale ? QUESTIONS[area].scale : QUESTIONS[area].yesNo;
  const headingId = `${ids}-q`;
  const hintId = `${ids}-hint`;
  const progress = onReview ? TOTAL : step + 1;

  return (
    <Page withNav={false}>
      <PageHeader title={editing ? 'Update Check-in' : 'Daily Check-in'} backTo="/" backLabel="Back to Dashboard" />
      <div className="mb-6">
        <p className="mb-2 text-sm font-semibold text-muted" aria-hidden="true">
          {onReview ? 'Review' : `Question ${step + 1} of ${TOTAL}`}
        </p>
        <div
          role="progressbar"
          aria-label="Check-in progress"
          aria-valuemin={0}
          aria-valuemax={TOTAL}
          aria-valuenow={progress}
          aria-valuetext={onReview ? 'All 7 questions answered' : `Question ${step + 1} of ${TOTAL}`}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${(progress / TOTAL) * 100}%` }} />
        </div>
      </div>

      {!onReview ? (
        <Card className="space-y-5">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-muted">{AREA_LABELS[area]}</p>
            <h2 ref={headingRef} id={headingId} tabIndex={-1} className="mt-1 text-xl font-bold focus:outline-none">
              <span className="sr-only">{`Question ${step + 1} of ${TOTAL}: `}</span>
              {questionText}
            </h2>
            <p id={hintId} className="mt-1 text-muted">
              {QUESTIONS[area].hint}
              {scale && autoAdvance && <span className="sr-only"> Use the arrow keys to choose, then Enter or Space to confirm.</span>}
            </p>
          </div>
          {scale ? (
            <EmojiScale
              key={step}
              value={typeof current === 'number' ? current : null}
              labelledBy={headingId}
              describedBy={hintId}
              onSelect={(v) => {
                cancelAdvance();
                setAnswer(step, v);
              }}
              onConfirm={answerAndMaybeAdvance}
            />
          ) : (
            <YesNoAnswer value={typeof current === 'boolean' ? current : null} onAnswer={answerAndMaybeAdvance} />
          )}
          {journaling && (
            <JournalBox
              id={`${ids}-journal-${step}`}
              value={journals[step] ?? ''}
              max={JOURNAL_MAX_LENGTH}
              onChange={(v) => setJournals((prev) => prev.map((t, j) => (j === step ? v : t)))}
            />
          )}
          <div className="flex gap-3">
            <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0}>
              Previous question
            </Button>
            {journaling && (
              <Button className="flex-1" onClick={() => goTo(nextStep)} disabled={current === null}>
                {step === TOTAL - 1 || fromReview ? 'FINISH' : 'NEXT'}
              </Button>
            )}
          </div>
        </Card>
      ) : (
        <Card className="space-y-5">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
            Review your answers
          </h2>
          <p className="-mt-3 text-sm text-muted">Tap an answer to change it.</p>
          <ul className="divide-y divide-border" aria-label="Your answers">
            {AREAS.map((a, i) => {
              const v = answers[i];
              const option = typeof v === 'number' ? scaleOption(v) : null;
              const shown = v === null || v === undefined ? 'Not answered' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : option!.label;
              return (
                <li key={a} data-testid={`review-${a}`}>
                  <button
                    type="button"
                    onClick={() => changeAnswer(i)}
                    disabled={submit.isPending || done}
                    aria-label={`${AREA_LABELS[a]}: ${shown}. Change answer`}
                    className="flex min-h-12 w-full items-center justify-between gap-3 rounded-lg px-2 py-2 text-left hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:cursor-default disabled:hover:bg-transparent"
                  >
                    <span className="font-medium">{AREA_LABELS[a]}</span>
                    <span className="flex items-center gap-2 font-semibold">
                      {option && <span aria-hidden="true">{option.emoji}</span>}
                      {shown}
                      <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="text-muted" />
                    </span>
                  </button>
                  {journaling && journals[i]?.trim() && <p className="mb-2 px-2 text-sm text-muted">“{journals[i]}”</p>}
                </li>
              );
            })}
          </ul>
          {done && queued ? (
            <p role="status" data-testid="check-in-queued" className="rounded-xl border border-border bg-surface-2 p-3 font-semibold">
              <span aria-hidden="true" className="mr-2">
                📱
              </span>
              {OFFLINE_MESSAGES.saved}. Taking you to your dashboard…
            </p>
          ) : done ? (
            <p role="status" className="rounded-xl bg-success-bg p-3 font-semibold text-success-fg">
              {editing ? 'Check-in updated!' : 'Check-in complete!'} Taking you to your dashboard…
            </p>
          ) : (
            <div className="flex flex-col gap-3">
              <Button block onClick={onSubmit} disabled={submit.isPending || answers.some((a) => a === null)}>
                {submit.isPending ? 'Saving...' : editing ? 'Update check-in' : 'Complete check-in'}
              </Button>
              <Button block variant="outline" onClick={() => goTo(TOTAL - 1)} disabled={submit.isPending}>
                Previous question
              </Button>
              {/* Spec part 2 §2: Cancel works only in developer mode, so other people do not see it (the back arrow
                  leaves the flow for them). */}
              {developerMode && (
                <Button block variant="ghost" onClick={() => void navigate('/')} disabled={submit.isPending}>
                  Cancel
                </Button>
              )}
            </div>
          )}
        </Card>
      )}
    </Page>
  );
}
