import { afterEach, describe, expect, it } from 'vitest';
import { browserTimezone, temporalTimezone } from './dates';

const g = globalThis as { Temporal?: unknown };
const had = 'Temporal' in g;
const original = g.Temporal;

afterEach(() => {
  if (had) g.Temporal = original;
  else delete g.Temporal;
});

describe('temporalTimezone (the cheap check that the zone is unchanged)', () => {
  it("is Temporal's zone where the browser has Temporal", () => {
    g.Temporal = { Now: { timeZoneId: () => 'Europe/Paris' } };
    expect(temporalTimezone()).toBe('Europe/Paris');
  });

  it('is null without Temporal, when it throws or answers nothing usable (the caller then asks Intl)', () => {
    delete g.Temporal;
    expect(temporalTimezone()).toBeNull();
    g.Temporal = { Now: { timeZoneId: () => { throw new RangeError('no zone'); } } };
    expect(temporalTimezone()).toBeNull();
    g.Temporal = { Now: { timeZoneId: () => '' } };
    expect(temporalTimezone()).toBeNull();
    g.Temporal = { Now: {} };
    expect(temporalTimezone()).toBeNull();
  });

  it('browserTimezone still names the zone through Intl', () => {
    g.Temporal = { Now: { timeZoneId: () => 'Europe/Paris' } };
    expect(browserTimezone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  });
});
