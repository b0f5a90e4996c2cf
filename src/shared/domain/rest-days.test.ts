import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLocalDays } from './dates';
import {
  REST_DAY_MESSAGES,
  REST_DAYS_MAX_AHEAD,
  REST_DAYS_PER_YEAR,
  restDayAllowance,
  restDayBlocker,
  restDayCancelBlocker,
  restDaysInYear,
  validateRestDayPlan,
} from './rest-days';

describe('rest day planning rules', () => {
  const today = '2026-06-10';
  it('says why a date cannot be chosen', () => {
    expect(restDayBlocker(today, today, [])).toBe(REST_DAY_MESSAGES.notAhead);
    expect(restDayBlocker('2026-06-01', today, [])).toBe('Rest days are planned ahead: pick a date after today.');
    expect(restDayBlocker(addLocalDays(today, 1), today, [])).toBeNull();
    expect(restDayBlocker(addLocalDays(today, REST_DAYS_MAX_AHEAD), today, [])).toBeNull();
    expect(restDayBlocker(addLocalDays(today, REST_DAYS_MAX_AHEAD + 1), today, [])).toBe(REST_DAY_MESSAGES.tooFar);
    expect(restDayBlocker('2026-6-11', today, [])).toBe(REST_DAY_MESSAGES.malformed);
    expect(restDayBlocker('2026-02-30', today, [])).toBe(REST_DAY_MESSAGES.malformed);
    expect(restDayBlocker('2026-06-12', today, ['2026-06-12'])).toBe(REST_DAY_MESSAGES.already);
    expect(validateRestDayPlan(['2026-06-12', '2026-06-12'], today, [])).toBe(REST_DAY_MESSAGES.repeated);
  });

  it('allows 14 per calendar year, counting each date against its own year', () => {
    const used = Array.from({ length: 13 }, (_, i) => addLocalDays('2026-01-01', i));
    expect(restDayAllowance(used, today)).toEqual({ limitPerYear: 14, usedThisYear: 13, remainingThisYear: 1 });
    expect(validateRestDayPlan(['2026-06-12'], today, used)).toBeNull();
    expect(validateRestDayPlan(['2026-06-12', '2026-06-13'], today, used)).toBe('You have 1 rest day left this year.');
    expect(validateRestDayPlan(['2026-06-12'], today, [...used, '2026-01-20'])).toBe('You have 0 rest days left this year.');
    // Late December: next year's dates count against next year's allowance.
    const dec = '2026-12-20';
    const full = [...used, '2026-01-20'];
    expect(validateRestDayPlan(['2027-01-02', '2027-01-03'], dec, full)).toBeNull();
    expect(restDayAllowance([...full, '2027-01-02'], dec)).toEqual({ limitPerYear: 14, usedThisYear: 14, remainingThisYear: 0 });
  });

  it('a planned rest day can be cancelled until it starts', () => {
    expect(restDayCancelBlocker('2026-06-11', today, ['2026-06-11'])).toBeNull();
    expect(restDayCancelBlocker(today, today, [today])).toEqual({ status: 409, message: "A rest day that has started can't be cancelled." });
    expect(restDayCancelBlocker('2026-06-12', today, ['2026-06-11'])?.status).toBe(404);
  });

  it('the allowance holds over any sequence of plans and cancellations', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            advance: fc.integer({ min: 0, max: 40 }),
            plan: fc.array(fc.integer({ min: -3, max: 95 }), { minLength: 1, maxLength: 16 }),
            cancel: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
          }),
          { maxLength: 60 },
        ),
        (ops) => {
          let day = '2026-01-01';
          let kept: string[] = [];
          for (const op of ops) {
            day = addLocalDays(day, op.advance);
            const dates = op.plan.map((n) => addLocalDays(day, n));
            const why = validateRestDayPlan(dates, day, kept);
            if (why === null) {
              for (const d of dates) {
                expect(d > day && d <= addLocalDays(day, REST_DAYS_MAX_AHEAD)).toBe(true);
                expect(kept).not.toContain(d);
              }
              kept = [...kept, ...dates].sort();
            }
            if (op.cancel !== null && kept.length) {
              const d = kept[op.cancel % kept.length]!;
              if (restDayCancelBlocker(d, day, kept) === null) kept = kept.filter((x) => x !== d);
              else expect(d <= day).toBe(true);
            }
            for (const y of new Set(kept.map((d) => d.slice(0, 4)))) expect(restDaysInYear(kept, y)).toBeLessThanOrEqual(REST_DAYS_PER_YEAR);
            const a = restDayAllowance(kept, day);
            expect(a.usedThisYear + a.remainingThisYear).toBe(REST_DAYS_PER_YEAR);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
