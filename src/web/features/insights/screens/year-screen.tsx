import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AREAS, AREA_LABELS, isArea, type Area, toPercent } from '@shared/domain/scoring';
import { addLocalDays, localDateOf } from '@shared/domain/dates';
import { SCORE_COLOR_BANDS } from '@shared/domain/insights';
import { yearAverage, type YearDay, type YearDayState } from '@shared/domain/year-in-pixels';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { ApiError } from '@web/lib/api-client';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { DAY_STATE_META } from '@web/lib/day-states';
import { scoreBgClass, scoreTextClass } from '@web/lib/score-colors';
import { useYear } from '../api/get-year';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The states other than checked-in, in the streak calendar's colours and words. */
const STATE_LOOK: Record<Exclude<YearDayState, 'checked-in'>, { label: string; mark: string; className: string }> = {
  frozen: DAY_STATE_META.frozen,
  recovered: DAY_STATE_META.recovered,
  rest: DAY_STATE_META.rest,
  missed: DAY_STATE_META.missed,
  today: { ...DAY_STATE_META['today-open'], label: 'Today', className: 'border-2 border-green-600 bg-surface text-fg dark:border-green-400' },
  'before-start': DAY_STATE_META['before-registration'],
  // Paler than the days before the start, so the year's progress shows.
  future: { ...DAY_STATE_META.future, className: cn(DAY_STATE_META.future.className, 'opacity-50') },
};

const LEGEND_STATES = ['frozen', 'recovered', 'rest', 'missed', 'today', 'before-start'] as const;

const dayName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** What a screen reader hears for a day: its date, state and score. */
export function dayLabel(day: YearDay): string {
  if (day.state === 'checked-in') return `${dayName(day.date)}: checked in${day.score !== null ? `, ${toPercent(day.score)}%` : ''}`;
  return `${dayName(day.date)}: ${STATE_LOOK[day.state].label}`;
}

const cellClass = (day: YearDay) =>
  day.state === 'checked-in' ? (day.score !== null ? scoreBgClass(toPercent(day.score)) : 'bg-green-700') : STATE_LOOK[day.state].className;

/** "95–100%", "70–94%"…: the score bands' ranges, read from the one definition. */
function bandRanges(): { percent: number; text: string }[] {
  return SCORE_COLOR_BANDS.map((b, i) => {
    const low = Number.isFinite(b.min) ? b.min : 0;
    const high = i === 0 ? 100 : SCORE_COLOR_BANDS[i - 1]!.min - 1;
    return { percent: low, text: `${low}–${high}%` };
  });
}

/**
 * /insights/year — a year in pixels (issue 29): one row of days per month, each checked-in day coloured by its score
 * band (the check-in's, or one area's), the other days in the streak calendar's colours. A checked-in day opens its
 * Check-in Details (`renderDetails`, composed by web/app from the streak feature).
 */
export default function YearScreen({ renderDetails }: { renderDetails: (date: string, onClose: () => void) => ReactNode }) {
  const user = useCurrentUser().data;
  const thisYear = Number(localDateOf(new Date(), user?.timezone ?? 'UTC').slice(0, 4));
  const [params, setParams] = useSearchParams();
  const yearParam = Number(params.get('year'));
  const year = Number.isInteger(yearParam) && yearParam >= 1970 && yearParam <= 2999 ? yearParam : thisYear;
  const areaParam = params.get('area');
  const area: Area | null = areaParam && isArea(areaParam) ? areaParam : null;
  const query = useYear(year, area);
  const [openDate, setOpenDate] = useState<string | null>(null);

  const set = (key: 'year' | 'area', value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const data = query.data;
  const years = data?.years ?? [thisYear];
  // While another year or area loads, the last one stays on screen, dimmed (its own heading says which it is).
  const shown = data ?? null;
  const stale = !!data && (data.year !== year || data.area !== area);
  const average = shown ? yearAverage(shown.days) : null;
  const checkedIn = shown ? shown.days.filter((d) => d.state === 'checked-in').length : 0;

  return (
    <Page wide>
      <PageHeader title="A Year in Pixels" backTo="/trends" backLabel="Back to Weekly Trends" />
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Year
          <select
            value={year}
            onChange={(e) => set('year', e.target.value === String(thisYear) ? null : e.target.value)}
            className="min-h-11 rounded-lg border border-border-strong bg-surface-2 px-3 text-base font-medium focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            {(years.includes(year) ? years : [...years, year].sort((a, b) => b - a)).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Area
          <select
            value={area ?? ''}
            onChange={(e) => set('area', e.target.value || null)}
            className="min-h-11 rounded-lg border border-border-strong bg-surface-2 px-3 text-base font-medium focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            <option value="">All areas (overall score)</option>
            {AREAS.map((a) => (
              <option key={a} value={a}>
                {AREA_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
      </div>

      {query.isPending ? (
        <p role="status" className="mt-6 text-muted">
          Loading your year…
        </p>
      ) : query.isError || !shown ? (
        <Card className="mt-6">
          <p role="alert">
            {query.error instanceof ApiError && query.error.status === 400 ? query.error.serverMessage : 'We couldn’t load your year. Please try again.'}
          </p>
          <Button className="mt-3" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <>
          <Card className="mt-6">
            <h2 className="text-lg font-bold">
              {shown.year}
              {shown.area ? ` · ${AREA_LABELS[shown.area]}` : ''}
            </h2>
            {average !== null ? (
              <p className="mt-1" data-testid="year-average">
                Average:{' '}
                <span className={cn('text-2xl font-bold', scoreTextClass(toPercent(average)))}>{toPercent(average)}%</span>{' '}
                <span className="text-muted">
                  over {checkedIn} {checkedIn === 1 ? 'check-in' : 'check-ins'}
                </span>
              </p>
            ) : (
              <p className="mt-1 text-muted" data-testid="year-empty">
                No check-ins in {shown.year} yet. Each day you check in gets its colour here.
              </p>
            )}
          </Card>
          <Card className="mt-4">
            <div aria-busy={stale} className={cn('transition-opacity', stale && 'opacity-60')}>
              <YearGrid days={shown.days} onOpen={setOpenDate} />
            </div>
            <Legend />
          </Card>
        </>
      )}
      {openDate && renderDetails(openDate, () => setOpenDate(null))}
    </Page>
  );
}

/** Twelve rows of days; one tab stop, arrow keys move a day (←/→) or a month (↑/↓), Home/End the month's ends. */
function YearGrid({ days, onOpen }: { days: readonly YearDay[]; onOpen: (date: string) => void }) {
  const gridRef = useRef<HTMLDivElement>(null);
  const byMonth = MONTHS.map((_, m) => days.filter((d) => Number(d.date.slice(5, 7)) === m + 1));
  const initial = days.find((d) => d.state === 'today')?.date ?? days.filter((d) => d.state === 'checked-in').at(-1)?.date ?? days[0]?.date;
  const [active, setActive] = useState<string | undefined>(initial);
  const current = active && days.some((d) => d.date === active) ? active : initial;

  const move = (to: string) => {
    const first = days[0]!.date;
    const last = days.at(-1)!.date;
    const target = to < first ? first : to > last ? last : to;
    setActive(target);
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${target}"]`)?.focus();
  };
  const monthShift = (date: string, by: number) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const target = new Date(Date.UTC(y, m - 1 + by, 1));
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    return `${target.toISOString().slice(0, 8)}${String(Math.min(d, lastDay)).padStart(2, '0')}`;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const date = (e.target as HTMLElement).dataset.date;
    if (!date) return;
    const keys: Record<string, () => string> = {
      ArrowLeft: () => addLocalDays(date, -1),
      ArrowRight: () => addLocalDays(date, 1),
      ArrowUp: () => monthShift(date, -1),
      ArrowDown: () => monthShift(date, 1),
      Home: () => `${date.slice(0, 8)}01`,
      End: () => addLocalDays(monthShift(`${date.slice(0, 8)}01`, 1), -1),
    };
    const to = keys[e.key];
    if (!to) return;
    e.preventDefault();
    move(to());
  };

  return (
    <div ref={gridRef} className="space-y-3 lg:space-y-1.5" data-testid="year-grid" data-pixel-grid>
      {byMonth.map((monthDays, m) => (
        <div key={MONTHS[m]} role="group" aria-label={MONTHS[m]} className="lg:grid lg:grid-cols-[3rem_1fr] lg:items-center lg:gap-2">
          <h3 className="mb-1 text-sm font-semibold lg:mb-0" aria-hidden="true">
            <span className="lg:hidden">{MONTHS[m]}</span>
            <span className="hidden lg:inline">{MONTHS[m]!.slice(0, 3)}</span>
          </h3>
          <div className="grid grid-cols-[repeat(11,minmax(0,1fr))] gap-0.5 sm:grid-cols-[repeat(16,minmax(0,1fr))] lg:grid-cols-[repeat(31,minmax(0,1fr))]">
            {monthDays.map((d) => {
              const look = d.state === 'checked-in' ? null : STATE_LOOK[d.state];
              const opens = d.state === 'checked-in';
              return (
                <button
                  key={d.date}
                  type="button"
                  data-date={d.date}
                  data-state={d.state}
                  aria-label={dayLabel(d)}
                  aria-disabled={opens ? undefined : true}
                  tabIndex={d.date === current ? 0 : -1}
                  onFocus={() => setActive(d.date)}
                  onKeyDown={onKeyDown}
                  onClick={() => opens && onOpen(d.date)}
                  className={cn(
                    'flex aspect-square min-h-6 min-w-6 w-full items-center justify-center rounded-[3px] text-[10px] leading-none',
                    'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-offset-1',
                    opens ? 'cursor-pointer' : 'cursor-default',
                    cellClass(d),
                  )}
                >
                  {look?.mark && d.state !== 'today' ? <span aria-hidden="true">{look.mark}</span> : null}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

function Legend() {
  return (
    <div className="mt-5 border-t border-border pt-4 text-sm">
      <h3 className="font-semibold">Legend</h3>
      <ul aria-label="Score colours" className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {bandRanges().map((b) => (
          <li key={b.text} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('inline-block h-4 w-4 rounded-[3px]', scoreBgClass(b.percent))} />
            {b.text}
          </li>
        ))}
      </ul>
      <ul aria-label="Other days" className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {LEGEND_STATES.map((s) => (
          <li key={s} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn('inline-flex h-4 w-4 items-center justify-center rounded-[3px] text-[9px] leading-none', STATE_LOOK[s].className)}
            >
              {s === 'today' ? '' : STATE_LOOK[s].mark}
            </span>
            {s === 'before-start' ? 'No check-in yet / upcoming' : STATE_LOOK[s].label}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-muted">Choose a coloured day to see its check-in.</p>
    </div>
  );
}
