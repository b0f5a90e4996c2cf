import { describe, expect, it, vi } from 'vitest';
import { keptWithState, type UserState } from './service';

const stateOf = (rows: object, today = '2026-11-27', timezone = 'Europe/London') =>
  ({ now: new Date(), timezone, today, yesterday: '2026-11-26', rows }) as unknown as UserState;

describe('keptWithState: a view built once per cached state', () => {
  it('builds once for the same rows and date, again for other rows, another date or another zone', () => {
    const build = vi.fn((s: UserState) => ({ today: s.today, of: s.rows }));
    const view = keptWithState(build);
    const rows = {};
    const first = view(stateOf(rows));
    expect(view(stateOf(rows))).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    // New rows (a committed change made the cache read them again): a new view, never the old one.
    const other = {};
    expect(view(stateOf(other))).toEqual({ today: '2026-11-27', of: other });
    expect(view(stateOf(other)).of).toBe(other);
    expect(build).toHaveBeenCalledTimes(2);
    // The same rows asked for another date or zone (not done by the cache, which keys rows by date): built again.
    expect(view(stateOf(rows, '2026-11-28')).today).toBe('2026-11-28');
    expect(view(stateOf(rows, '2026-11-28', 'Asia/Tokyo'))).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(4);
  });
});
