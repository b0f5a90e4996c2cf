import { describe, expect, test } from 'vitest';
import { STREAK_LEVELS } from '@shared/domain/streak-engine';
import { AREA_ICONS } from '@shared/domain/scoring';
import { momentText } from './moment';
import { forgetCheckInMoment, peekCheckInMoment, saveCheckInMoment, takeCheckInMoment } from '@web/lib/check-ins';
import { memoryStorage } from '@web/lib/memory-storage';


describe('the moment after a check-in', () => {
  test('a milestone celebration from the response wins', () => {
    const t = momentText({ isFirstCheckIn: false, replaced: false, score: 1, celebration: { message: '🔥 Dedicated Soul! You reached a 30-day streak.' } });
    expect(t.title).toBe('Milestone reached!');
    expect(t.body).toContain('Dedicated Soul');
  });
  test('first check-in, an edit, an ordinary day', () => {
    expect(momentText({ isFirstCheckIn: true, replaced: false, score: 0.714, celebration: null }).title).toBe('Your first check-in is done!');
    expect(momentText({ isFirstCheckIn: true, replaced: false, score: 0.714, celebration: null }).body).toContain('71%');
    expect(momentText({ isFirstCheckIn: false, replaced: true, score: 1, celebration: null }).title).toBe('Check-in updated');
    expect(momentText({ isFirstCheckIn: false, replaced: false, score: 0.5, celebration: null }).body).toContain('50%');
  });
  test('its icons mean only this moment: not a streak level (🌱 is Seed Planted) nor an area', () => {
    const taken = new Set([...STREAK_LEVELS.map((l) => l.icon), ...Object.values(AREA_ICONS)]);
    for (const m of [
      { isFirstCheckIn: true, replaced: false, score: 1, celebration: null },
      { isFirstCheckIn: false, replaced: true, score: 1, celebration: null },
      { isFirstCheckIn: false, replaced: false, score: 1, celebration: null },
      { isFirstCheckIn: false, replaced: false, score: 1, celebration: { message: 'x' } },
    ]) {
      expect(taken.has(momentText(m).icon), momentText(m).icon).toBe(false);
    }
  });
  test('handed over once through session storage', () => {
    const store = memoryStorage();
    saveCheckInMoment({ isFirstCheckIn: true, replaced: false, score: 0.5, celebration: null }, store);
    expect(takeCheckInMoment(store)).toEqual({ isFirstCheckIn: true, replaced: false, score: 0.5, celebration: null });
    expect(takeCheckInMoment(store)).toBeNull();
    store.setItem('big7_check_in_moment', '{bad json');
    expect(takeCheckInMoment(store)).toBeNull();
  });
  test('a render run twice (a lazy child suspending) still finds it; it is gone once forgotten', () => {
    const store = memoryStorage();
    const moment = { isFirstCheckIn: true, replaced: false, score: 0.5, celebration: null };
    saveCheckInMoment(moment, store);
    expect(peekCheckInMoment(store)).toEqual(moment);
    expect(peekCheckInMoment(store)).toEqual(moment);
    forgetCheckInMoment(store);
    expect(peekCheckInMoment(store)).toBeNull();
  });
  test('a check-in stored on the device (issue 25) is handed over as such: the moment says it will sync', () => {
    const store = memoryStorage();
    const moment = { isFirstCheckIn: true, replaced: false, score: 1, celebration: null, queued: true };
    saveCheckInMoment(moment, store);
    expect(peekCheckInMoment(store)).toEqual(moment);
    saveCheckInMoment({ ...moment, queued: false }, store);
    expect(peekCheckInMoment(store)).not.toHaveProperty('queued');
  });
});
