import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalEntryDto } from '@shared/schemas/check-ins';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';

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
export const getJournalEntryQueryOptions = (checkInId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['streak-screen', 'journal', checkInId],
    queryFn: () => getJournalEntry(checkInId!),
    enabled: enabled && Boolean(checkInId),
    staleTime: 5 * 60_000,
    meta: CHECK_IN_DERIVED,
  });
export const useJournalEntry = (checkInId: string | null, enabled: boolean) => useQuery(getJournalEntryQueryOptions(checkInId, enabled));
