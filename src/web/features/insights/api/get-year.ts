import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Area } from '@shared/domain/scoring';
import type { YearResponse } from '@shared/schemas/insights';
import { api } from '@web/lib/api-client';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { QUERY_TIMES } from '@web/lib/query-client';

/** GET /api/insights/year?year=YYYY[&area=…] (all tiers): every date of the year with its state and score. */
export const fetchYear = (year: number, area: Area | null) =>
  api.get<YearResponse>(`/api/insights/year?year=${encodeURIComponent(String(year))}${area ? `&area=${encodeURIComponent(area)}` : ''}`);

/** Derived from the check-ins (and the streak's days): a check-in or an import refreshes it. */
export const getYearQueryOptions = (year: number, area: Area | null) =>
  queryOptions({
    queryKey: ['insights', 'year', year, area ?? 'all'] as const,
    queryFn: () => fetchYear(year, area),
    meta: CHECK_IN_DERIVED,
    ...QUERY_TIMES.today,
  });

/** The year's days; while another year or area loads, the last answer stays on screen. */
export const useYear = (year: number, area: Area | null) => useQuery({ ...getYearQueryOptions(year, area), placeholderData: keepPreviousData });
