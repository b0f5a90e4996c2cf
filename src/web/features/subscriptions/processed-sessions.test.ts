import { describe, expect, it } from 'vitest';
import { PROCESSED_SESSIONS_KEY, rememberProcessed, wasProcessed } from './processed-sessions';
import { paymentTypeOf, RETURN_TARGETS } from './texts';
import { memoryStorage } from '@web/lib/memory-storage';


describe('processed payment sessions', () => {
  it('remembers processed ids for the browser session; test sessions are never treated as repeats', () => {
    const s = memoryStorage();
    expect(wasProcessed('cs_test_1', s)).toBe(false);
    rememberProcessed('cs_test_1', s);
    expect(wasProcessed('cs_test_1', s)).toBe(true);
    expect(wasProcessed('cs_test_2', s)).toBe(false);
    rememberProcessed('test_session_abc', s);
    expect(wasProcessed('test_session_abc', s)).toBe(false);
  });

  it('survives a corrupt value and keeps at most 50 ids', () => {
    const s = memoryStorage();
    s.setItem(PROCESSED_SESSIONS_KEY, '{not json');
    expect(wasProcessed('x', s)).toBe(false);
    for (let i = 0; i < 60; i++) rememberProcessed(`cs_${i}`, s);
    expect(wasProcessed('cs_0', s)).toBe(false);
    expect(wasProcessed('cs_59', s)).toBe(true);
    expect(JSON.parse(s.getItem(PROCESSED_SESSIONS_KEY)!)).toHaveLength(50);
  });

  it('maps the type query and its Return to App target', () => {
    expect(['shield', 'recovery', 'subscription', 'other', 'gold', null].map((t) => RETURN_TARGETS[paymentTypeOf(t)])).toEqual([
      '/streak',
      '/',
      '/upgrade',
      '/account',
      '/account',
      '/account',
    ]);
  });
});
