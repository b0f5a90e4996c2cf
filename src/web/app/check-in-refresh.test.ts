import { describe, expect, test } from 'vitest';
import { isCheckInQuery } from '../lib/check-ins';
import { getSubscriptionQueryOptions } from '../features/subscriptions/api/get-subscription';
import { getTipsQueryOptions } from '../features/insights/api/get-tips';
import { getFrozenDaysQueryOptions } from '../features/streaks/api/get-frozen-days';
import { getRecoveryAvailableQueryOptions } from '../features/streaks/api/get-recovery-available';
import { getRecoveryPaymentsQueryOptions } from '../features/streaks/api/get-recovery-payments';
import { getStreakQueryOptions } from '../features/streaks/api/get-streak';
import { getHistoryQueryOptions } from '../features/check-ins/api/get-history';
import { getTodayQueryOptions } from '../features/check-ins/api/get-today';
import { getAvailableRewardsQueryOptions } from '../features/rewards/api/get-available-rewards';
import { getCalendarQueryOptions } from '../features/streaks/api/calendar';
import { getLedgerQueryOptions } from '../features/streaks/api/ledger';

describe('a check-in refreshes every view derived from check-ins', () => {
  test.each([
    ['today', getTodayQueryOptions()],
    ['history', getHistoryQueryOptions()],
    ['subscription (a check-in can end a trial)', getSubscriptionQueryOptions()],
    ['tips', getTipsQueryOptions()],
    ['streak', getStreakQueryOptions()],
    ['frozen days', getFrozenDaysQueryOptions()],
    ['recovery available', getRecoveryAvailableQueryOptions()],
    ['recovery payments', getRecoveryPaymentsQueryOptions()],
    ['rewards (a milestone can be reached)', getAvailableRewardsQueryOptions()],
    ['calendar', getCalendarQueryOptions('2026-11')],
    ['streak history', getLedgerQueryOptions()],
  ])('%s', (_name, options) => {
    expect(isCheckInQuery({ queryKey: options.queryKey, meta: options.meta })).toBe(true);
  });
});
