import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryResponse, JournalEntryDto } from '../../../../shared/schemas/check-ins';
import { api } from '../../../lib/api-client';
import { QUERY_TIMES } from '../../../lib/query-client';

/** GET /api/checkins/history → the user's check-ins (for the Check-in Details dialog). */
export const getCheckInHistory = () => api.get<HistoryResponse>('/api/checkins/history');
export const getCheckInHistoryQueryOptions = () =>
  queryOptions({ queryKey: ['streak-screen', 'check-in-history'], queryFn: getCheckInHistory, staleTime: 0, gcTime: QUERY_TIMES.history.gcTime });
export const useCheckInHistory = (enabled = true) => useQuery({ ...getCheckInHistoryQueryOptions(), enabled });

/**
 * GET /api/journal-entries/check-in/{id} → an array whose first element is used. A failure is only logged
 * (spec part 1 §7): the details dialog then simply shows no journal.
 */
export async function getJournalEntry(checkInId: string): Promise<JournalEntryDto | null> {
  try {
    const list = await api.get<JournalEntryDto[]>(`/api/journal-entries/check-in/${encodeURIComponent(checkInId)}`);
    return Array.isArray(list) && list.length ? list[0]! : null;
  } catch (err) {
    console.warn('Could not load the journal entry', err);
    return null;
  }
}
export const useJournalEntry = (checkInId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['streak-screen', 'journal', checkInId],
    queryFn: () => getJournalEntry(checkInId!),
    enabled: enabled && Boolean(checkInId),
    staleTime: 5 * 60_000,
  });
