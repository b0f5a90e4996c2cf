import { describe, expect, test } from 'vitest';
import { applyBadge, shouldBadge } from './app-badge';

const status = (hasCheckedInToday: boolean, isOpen: boolean, canCheckIn = isOpen) => ({ hasCheckedInToday, windowState: { isOpen, canCheckIn } });

describe('the app icon badge', () => {
  test('on while the window is open and today is still to do; off once done or closed; unknown without a status', () => {
    expect(shouldBadge(status(false, true))).toBe(true);
    expect(shouldBadge(status(true, true))).toBe(false);
    expect(shouldBadge(status(false, false))).toBe(false);
    expect(shouldBadge(status(false, true, false))).toBe(false);
    expect(shouldBadge(undefined)).toBeNull();
  });
  test('set and cleared through the Badging API where it exists; a refusal is swallowed', async () => {
    const calls: string[] = [];
    const target = { setAppBadge: async () => void calls.push('set'), clearAppBadge: async () => void calls.push('clear') };
    await applyBadge(target, true);
    await applyBadge(target, false);
    expect(calls).toEqual(['set', 'clear']);
    await expect(applyBadge({}, true)).resolves.toBeUndefined();
    await expect(applyBadge(undefined, false)).resolves.toBeUndefined();
    await expect(applyBadge({ setAppBadge: () => Promise.reject(new Error('no')) }, true)).resolves.toBeUndefined();
  });
});
