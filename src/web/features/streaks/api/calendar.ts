import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calendarSchema } from '@shared/schemas/streaks';
import { CHECK_IN_DERIVED } from '@web/lib/check-ins';
import { api } from '@web/lib/api-client';
import { STREAK_KEY } from './get-streak';

export type StreakCalendar = z.infer<typeof calendarSchema>;

/** GET /api/streak/calendar?month=YYYY-MM → every day of the month with its state (spec part 1 §4.4). */
export const getCalendar = (month: string) => api.get<StreakCalendar>(`/api/streak/calendar?month=${encodeURIComponent(month)}`);
export const getCalendarQueryOptions = (month: string) =>
  queryOptions({ queryKey: [...STREAK_KEY, 'calendar', month], queryFn: () => getCalendar(month), staleTime: 0, meta: CHECK_IN_DERIVED });
export const useCalendar = (month: string | null) =>
  useQuery({ ...getCalendarQueryOptions(month ?? ''), enabled: Boolean(month) });
