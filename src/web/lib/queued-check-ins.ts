import { useMemo } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { AREAS, byAreaScoreKey, answerScore, mean } from '@shared/domain/scoring';
import { BUTTON_LABELS } from '@shared/domain/check-in-rules';
import { localDateOf } from '@shared/domain/dates';
import { JOURNAL_FIELDS } from '@shared/domain/journal';
import type { Tier } from '@shared/domain/tiers';
import type { CheckInDto, JournalEntryDto, TodayResponse } from '@shared/schemas/check-ins';
import type { QueuedCheckIn } from '../sw/offline-queue';
import { CHECK_INS_KEY } from './check-ins';
import { offlineQueueMayHaveRecords } from './offline-queue-probe';

/**
 * Check-ins stored on this device and not yet on the server (issue 25, decision 022): the screens show today's
 * as done from the queued submission itself (the dashboard's "Done for today", the check-in flow's answers to
 * update), whatever the last answer of GET /api/checkins/today the page or the worker's cache holds says.
 */

/** What the screens say the moment a submission is stored on the device instead of reaching the server. */
export const QUEUED_CHECK_IN_TEXT = "Saved on this device — it will sync when you're back online";

/** Under the check-in keys: a check-in, an edit or a sync (which invalidate them all) reads the queue again. */
export const queuedCheckInsKey = (userId: string | null | undefined) => [...CHECK_INS_KEY, 'queued', userId ?? null] as const;

/** Adds a record just stored to the screens' copy of the queue (they show it at once; the read follows). */
export function addQueuedCheckIn(client: QueryClient, record: QueuedCheckIn): void {
  const key = queuedCheckInsKey(record.data.userId);
  client.setQueryData<QueuedCheckIn[]>(key, (old) => [...(old ?? []), record]);
  void client.invalidateQueries({ queryKey: key });
}

/** The queue's records of `userId` (none where IndexedDB is missing). */
async function readQueue(userId: string): Promise<QueuedCheckIn[]> {
  try {
    // The queue's code loads only when its store holds something (lib/offline-queue-probe.ts).
    if (!(await offlineQueueMayHaveRecords())) return [];
    return await (await import('../sw/offline-queue')).queuedCheckIns(userId);
  } catch {
    return [];
  }
}

/**
 * Today's status as this device knows it: the server's (or its cached) answer with the newest queued submission of
 * today's local date laid over it. A record still waiting always counts (a new check-in or an edit); one the last
 * sync already sent counts only while the status says today is not done yet (the answer read before the sync), so
 * the card does not flicker back between the sync and the fresh read. A record made on another date (a check-in
 * counted late for the day before) changes nothing here.
 */
export function withQueuedCheckIn(today: TodayResponse, records: readonly QueuedCheckIn[], tier: Tier = 'free'): TodayResponse {
  const record = records
    .filter((r) => !r.synced || !today.hasCheckedInToday)
    .filter((r) => {
      const madeAt = Date.parse(r.data.body.madeAt ?? '');
      return Number.isFinite(madeAt) && localDateOf(madeAt, today.timezone) === today.localDate;
    })
    .at(-1);
  if (!record) return today;
  const { body } = record.data;
  const madeAt = body.madeAt!;
  const scores = body.answers.map(answerScore);
  const id = today.checkIn?.id ?? `queued:${record.data.idempotencyKey}`;
  const checkIn: CheckInDto = {
    id,
    date: today.localDate,
    ...byAreaScoreKey((area) => scores[AREAS.indexOf(area)] ?? 0),
    score: mean(scores),
    answers: [...body.answers],
    subscriptionTierAtCheckIn: today.checkIn?.subscriptionTierAtCheckIn ?? tier,
    timezone: today.timezone,
    createdAt: today.checkIn?.createdAt ?? madeAt,
    updatedAt: madeAt,
  };
  const texts = body.journalEntries;
  const journalEntry: JournalEntryDto | null = texts
    ? {
        id: today.journalEntry?.id ?? `queued:${record.data.idempotencyKey}`,
        checkInId: id,
        ...(Object.fromEntries(JOURNAL_FIELDS.map((f, i) => [f, texts[i]?.trim() ? texts[i] : null])) as Pick<JournalEntryDto, (typeof JOURNAL_FIELDS)[number]>),
        createdAt: today.journalEntry?.createdAt ?? madeAt,
        updatedAt: madeAt,
      }
    : today.journalEntry;
  return {
    ...today,
    hasCheckedInToday: true,
    checkIn,
    journalEntry,
    windowState: { ...today.windowState, buttonLabel: BUTTON_LABELS.update },
    orientationState: { ...today.orientationState, shouldShowFirstTimeCheckIn: false },
  };
}

const NO_RECORDS: QueuedCheckIn[] = [];

/** `today` with the signed-in user's queued check-in of today laid over it (see withQueuedCheckIn). */
export function useTodayWithQueued<T extends TodayResponse | undefined>(today: T, user: { id: string; tier: Tier } | null | undefined): T {
  const userId = user?.id;
  const queued = useQuery({
    queryKey: queuedCheckInsKey(userId),
    queryFn: () => readQueue(userId!),
    enabled: !!userId,
    // A read of this device's storage: offline is when it matters most.
    networkMode: 'always',
    staleTime: 0,
    retry: false,
    // Empty until read, and an empty read changes nothing (structural sharing): a screen with nothing queued, the
    // usual case, is not rendered again when the read answers.
    initialData: NO_RECORDS,
  });
  const records = queued.data;
  const tier = user?.tier;
  return useMemo(() => (today && records?.length ? (withQueuedCheckIn(today, records, tier) as T) : today), [today, records, tier]);
}
