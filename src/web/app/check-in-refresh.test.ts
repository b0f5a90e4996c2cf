import { describe, expect, test } from 'vitest';
import { isCheckInQuery } from '../lib/check-ins';
import { getSubscriptionQueryOptions } from '../lib/subscription';
import { getTipsQueryOptions } from '../features/insights/api/get-tips';
import {
  getFrozenDaysQueryOptions,
  getRecoveryAvailableQueryOptions,
  getRecoveryPaymentsQueryOptions,
  getStreakQueryOptions,
} from '../features/streaks/api/streak';
import { getAvailableRewardsQueryOptions } from '../features/rewards/api/rewards';
import { getCalendarQueryOptions } from '../features/streaks/api/calendar';
import { getLedgerQueryOptions } from '../features/streaks/api/ledger';

describe('a check-in refreshes every view derived from check-ins', () => {
  test.each([
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
