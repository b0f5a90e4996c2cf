import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DASHBOARD_MODALS, dashboardModal, offerRewardNow, unseenShieldDays, type DashboardModalState } from './dashboard-modals';

const none: DashboardModalState = {
  checkInMoment: false,
  trialExpired: false,
  unseenShields: 0,
  recoveriesAvailable: 0,
  todayCompleted: false,
  recoveryPrompted: false,
  rewardRequested: false,
  notificationPromptDue: false,
  otherDialogOpen: false,
};

describe('dashboardModal', () => {
  test('nothing to say: no dialog', () => {
    expect(dashboardModal(none)).toBeNull();
  });

  test('the moment after a check-in comes before everything, a reward and an ended trial included', () => {
    expect(dashboardModal({ ...none, checkInMoment: true, trialExpired: true, unseenShields: 1, rewardRequested: true, notificationPromptDue: true })).toBe('moment');
    expect(dashboardModal({ ...none, checkInMoment: true, otherDialogOpen: true })).toBeNull();
  });

  test('an ended trial comes first of the rest, even over shields, a recovery offer and a reward', () => {
    expect(dashboardModal({ ...none, trialExpired: true, unseenShields: 2, recoveriesAvailable: 1, rewardRequested: true })).toBe('trial-expired');
  });

  test('unseen shields come next, before a recovery offer and a reward', () => {
    expect(dashboardModal({ ...none, unseenShields: 1, recoveriesAvailable: 1, rewardRequested: true })).toBe('shields-protected');
  });

  test('the recovery offer: only with a recovery available, today not checked in and not offered this session', () => {
    const offer = { ...none, recoveriesAvailable: 1, rewardRequested: true };
    expect(dashboardModal(offer)).toBe('recovery');
    expect(dashboardModal({ ...offer, todayCompleted: true })).toBe('reward');
    expect(dashboardModal({ ...offer, todayCompleted: null })).toBe('reward');
    expect(dashboardModal({ ...offer, recoveryPrompted: true })).toBe('reward');
    expect(dashboardModal({ ...offer, recoveriesAvailable: 0 })).toBe('reward');
  });

  test('a requested reward comes before the notification prompt', () => {
    expect(dashboardModal({ ...none, rewardRequested: true, notificationPromptDue: true })).toBe('reward');
  });

  test('the notification prompt is the last: it waits for every other dialog', () => {
    expect(dashboardModal({ ...none, notificationPromptDue: true })).toBe('notifications');
    expect(dashboardModal({ ...none, notificationPromptDue: false })).toBeNull();
    for (const higher of [
      { trialExpired: true },
      { unseenShields: 1 },
      { recoveriesAvailable: 1, todayCompleted: false },
      { rewardRequested: true },
    ]) {
      expect(dashboardModal({ ...none, ...higher, notificationPromptDue: true })).not.toBe('notifications');
    }
  });

  test('a dialog outside the queue (a celebration, the score explanation) holds every queued dialog back', () => {
    const everything = { trialExpired: true, unseenShields: 1, recoveriesAvailable: 1, rewardRequested: true, notificationPromptDue: true };
    expect(dashboardModal({ ...none, ...everything, otherDialogOpen: true })).toBeNull();
    expect(dashboardModal({ ...none, notificationPromptDue: true, otherDialogOpen: true })).toBeNull();
    // Once it closes, the queue goes on.
    expect(dashboardModal({ ...none, notificationPromptDue: true })).toBe('notifications');
  });

  test('whatever the state, the answer is the first dialog in priority order whose condition holds, none over another dialog', () => {
    const state = fc.record({
      checkInMoment: fc.boolean(),
      trialExpired: fc.boolean(),
      unseenShields: fc.nat(3),
      recoveriesAvailable: fc.nat(2),
      todayCompleted: fc.constantFrom(true, false, null),
      recoveryPrompted: fc.boolean(),
      rewardRequested: fc.boolean(),
      notificationPromptDue: fc.boolean(),
      otherDialogOpen: fc.boolean(),
    });
    fc.assert(
      fc.property(state, (s) => {
        const wants = {
          moment: !s.otherDialogOpen && s.checkInMoment,
          'trial-expired': !s.otherDialogOpen && s.trialExpired,
          'shields-protected': !s.otherDialogOpen && s.unseenShields > 0,
          recovery: !s.otherDialogOpen && s.recoveriesAvailable > 0 && s.todayCompleted === false && !s.recoveryPrompted,
          reward: !s.otherDialogOpen && s.rewardRequested,
          notifications: !s.otherDialogOpen && s.notificationPromptDue,
        };
        expect(dashboardModal(s)).toBe(DASHBOARD_MODALS.find((m) => wants[m]) ?? null);
      }),
    );
  });
});

describe('offerRewardNow', () => {
  test('a new reward opens by itself only over nothing', () => {
    expect(offerRewardNow({ modal: null, celebrating: false, unofferedReward: true })).toBe(true);
    expect(offerRewardNow({ modal: null, celebrating: false, unofferedReward: false })).toBe(false);
    expect(offerRewardNow({ modal: null, celebrating: true, unofferedReward: true })).toBe(false);
    for (const modal of DASHBOARD_MODALS) expect(offerRewardNow({ modal, celebrating: false, unofferedReward: true })).toBe(false);
  });
});

describe('unseenShieldDays', () => {
  test('shields used in the 7 days before today, not yet seen', () => {
    const frozen = ['2026-03-01', '2026-03-02', '2026-03-05', '2026-03-09', '2026-03-08'];
    expect(unseenShieldDays(frozen, '2026-03-09', new Set())).toEqual(['2026-03-02', '2026-03-05', '2026-03-08']);
    expect(unseenShieldDays(frozen, '2026-03-09', new Set(['2026-03-05']))).toEqual(['2026-03-02', '2026-03-08']);
  });
  test('the week crosses month and leap-day boundaries', () => {
    expect(unseenShieldDays(['2024-02-22', '2024-02-23', '2024-02-29'], '2024-03-01', new Set())).toEqual(['2024-02-23', '2024-02-29']);
  });
});
