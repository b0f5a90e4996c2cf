import { describe, expect, test } from 'vitest';
import { loginGreeting } from './hooks/use-dashboard-effects';

describe("'Welcome back!' only for people who have been here before", () => {
  const now = Date.parse('2026-11-25T20:00:00Z');
  test('a first sign-in (new account, no check-in yet) gets no welcome-back toast', () => {
    expect(loginGreeting({ createdAt: '2026-11-25T19:58:00Z', firstCheckInCompleted: false }, now)).toBe('none');
  });
  test('after a first check-in, or a day after sign-up, it is a return', () => {
    expect(loginGreeting({ createdAt: '2026-11-25T19:00:00Z', firstCheckInCompleted: true }, now)).toBe('welcome-back');
    expect(loginGreeting({ createdAt: '2026-11-23T19:00:00Z', firstCheckInCompleted: false }, now)).toBe('welcome-back');
  });
  test('while the user is not known yet it waits: no welcome back to someone who may be new', () => {
    expect(loginGreeting(null, now)).toBe('wait');
  });
});
