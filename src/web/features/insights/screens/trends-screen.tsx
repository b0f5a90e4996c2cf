import { Link } from 'react-router';
import { AREA_ICONS, AREAS, AREA_LABELS, toPercent } from '@shared/domain/scoring';
import { lastDaysAverage, PERIOD_LABELS, weeklyTrends, type Trend } from '@shared/domain/insights';
import { cn } from '@web/components/ui/cn';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { StrengthSummary } from '../components/strength';
import { useHistory } from '@web/features/check-ins/api/get-history';
import { useToday } from '@web/features/check-ins/api/get-today';
import { MIN_DAYS_FOR_TRENDS, moreNeededText } from '@shared/domain/early-days';
import { scoreBgClass } from '@web/lib/score-colors';
import { TREND_TEXT } from '../area-content';
import { weekdayShortOf } from '@shared/domain/dates';
import { dayLong, lastWeek, toDatedScores } from '../week';
import { WhatMovesWhat } from '../components/what-moves-what';

const TREND_CLASS: Record<Trend, string> = {
  up: 'text-green-700 dark:text-green-300',
  down: 'text-red-700 dark:text-red-300',
  stable: 'text-muted',
  waiting: 'text-muted',
};

/** /trends — Weekly Trends (spec part 2 §2): the last 7 days per area with a trend and a bar chart. */
export default function TrendsScreen() {
  const today = useToday();
  const history = useHistory();
  const loading = today.isPending || history.isPending;
  const failed = today.isError || history.isError;

  return (
    <Page>
      <PageHeader title="Weekly Trends" backTo="/" backLabel="Back to Dashboard" />
      {loading ? (
        <p role="status" className="text-muted">
          Loading your week…
        </p>
      ) : failed || !today.data || !history.data ? (
        <Card>
          <p role="alert">We couldn’t load your trends. Please try again.</p>
        </Card>
      ) : (
        <>
          <Week todayDate={today.data.localDate} history={toDatedScores(history.data.checkIns)} />
          {/* Issue 28: the strength score and its 90-day line beside the week. */}
          <Card className="mt-4">
            <StrengthSummary />
          </Card>
          <div className="mt-4">
            <WhatMovesWhat />
          </div>
        </>
      )}
      <Link
        to="/insights/year"
        className="mt-4 flex min-h-11 items-center justify-between rounded-2xl border border-border bg-surface p-4 font-semibold focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <span>
          A year in pixels
          <span className="block text-sm font-normal text-muted">Every day of your year, coloured by its score</span>
        </span>
        <span aria-hidden="true" className="text-link">
          ›
        </span>
      </Link>
    </Page>
  );
}

/** The last 7 days' average as shown: a percentage, or a dash with no check-in in those days. */
const weekAverageText = (avg: number | null): string => (avg === null ? '—' : `${toPercent(avg)}%`);

function Week({ todayDate, history }: { todayDate: string; history: ReturnType<typeof toDatedScores> }) {
  const days = lastWeek(todayDate);
  const trends = weeklyTrends(history, todayDate);
  const byDate = new Map(history.map((h) => [h.date, h.scores]));
  const checkedDays = days.filter((d) => byDate.has(d)).length;
  // A trend compares days: with too few of them it claims nothing and says how many more are needed.
  const enough = checkedDays >= MIN_DAYS_FOR_TRENDS;
  const todayPending = !byDate.has(todayDate);
  return (
    <div className="space-y-4">
      <p className="text-muted">
        {checkedDays} of the last 7 days checked in. A trend compares today with the rest of the week: a change of 20 points
        or more is improving or declining.
      </p>
      {todayPending && (
        <p className="rounded-xl border border-border bg-surface p-3" data-testid="trends-today-pending">
          <span className="font-semibold">Today pending.</span> Your check-in today adds today’s bar and each area’s trend.
        </p>
      )}
      {!enough && (
        <p className="rounded-xl border border-border bg-surface p-3 font-medium" data-testid="trends-early">
          {moreNeededText(checkedDays, MIN_DAYS_FOR_TRENDS, 'trend')}.
        </p>
      )}
      {AREAS.map((area) => {
        const t = TREND_TEXT[trends[area]];
        return (
          <Card key={area}>
            <div className="flex items-center justify-between gap-3">
              <h2 className="flex items-center gap-2 text-lg font-bold">
                <span aria-hidden="true">{AREA_ICONS[area]}</span>
                {AREA_LABELS[area]}
              </h2>
              <div className="text-right">
                <p className="font-bold tabular-nums" data-testid={`week-average-${area}`}>
                  {weekAverageText(lastDaysAverage(history, area, todayDate))}
                  <span className="block text-xs font-normal text-muted">{PERIOD_LABELS.last7Days}</span>
                </p>
                {!enough ? (
                  <p className="text-sm font-medium text-muted" data-testid={`trend-${area}`}>
                    Not enough days yet
                  </p>
                ) : todayPending ? null : (
                  <p className={cn('text-sm font-semibold', TREND_CLASS[trends[area]])} data-testid={`trend-${area}`} title={t.description}>
                    <span aria-hidden="true">{t.symbol} </span>
                    {t.label}
                  </p>
                )}
              </div>
            </div>
            <ol aria-label={`${AREA_LABELS[area]}, last 7 days`} className="mt-3 grid h-28 grid-cols-7 items-end gap-1.5">
              {days.map((d) => {
                const s = byDate.get(d)?.[area];
                const pct = s === undefined ? null : toPercent(s);
                return (
                  <li key={d} className="flex h-full flex-col items-center justify-end gap-1">
                    <span className="sr-only">{`${dayLong(d)}: ${pct === null ? (d === todayDate ? 'today pending' : 'no check-in') : `${pct}%`}`}</span>
                    <div
                      aria-hidden="true"
                      className={cn('flex w-full flex-1 items-end rounded-md bg-surface-2', pct === null && d === todayDate && 'border-2 border-dashed border-border-strong')}
                    >
                      {pct !== null && (
                        // Neutral until a trend means something: two red bars are not a verdict (decision 020).
                        <div className={cn('w-full rounded-md', enough ? scoreBgClass(pct) : 'bg-primary')} style={{ height: `${Math.max(pct, 4)}%` }} />
                      )}
                    </div>
                    <span aria-hidden="true" className={cn('text-xs', d === todayDate ? 'font-bold' : 'text-muted')}>
                      {weekdayShortOf(d)}
                    </span>
                  </li>
                );
              })}
            </ol>
          </Card>
        );
      })}
    </div>
  );
}
