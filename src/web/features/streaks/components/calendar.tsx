import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CalendarDay } from '@shared/schemas/streaks';
import { milestoneAt } from '@shared/domain/streak-engine';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { cn } from '@web/components/ui/cn';
import { useCalendar } from '../api/calendar';
import { WEEKDAYS_SHORT, addLocalMonths, weekdayOf } from '@shared/domain/dates';
import { DAY_STATE_META, LEGEND_STATES, dayTitle, monthTitle } from '../calendar-grid';

/** One day: its state's colour and mark; completed and milestone days are buttons opening the details. */
export function DayCell({ day, onOpen, compact = false }: { day: CalendarDay; onOpen?: (day: CalendarDay) => void; compact?: boolean }) {
  const meta = DAY_STATE_META[day.state];
  const mark = day.state === 'milestone' ? (milestoneAt(day.streak ?? 0)?.emoji ?? meta.mark) : meta.mark;
  const label = `${dayTitle(day.date)}: ${meta.label}`;
  const dayNumber = Number(day.date.slice(8));
  const body = (
    <>
      <span className={cn('text-xs font-semibold', compact && 'sr-only')} aria-hidden="true">
        {dayNumber}
      </span>
      <span aria-hidden="true" className="text-sm leading-none">
        {mark}
      </span>
    </>
  );
  const cls = cn(
    'flex aspect-square min-h-11 w-full flex-col items-center justify-center rounded-lg',
    meta.className,
  );
  const clickable = onOpen && (day.state === 'completed' || day.state === 'milestone');
  if (clickable) {
    return (
      <button
        type="button"
        aria-label={label}
        data-state={day.state}
        data-date={day.date}
        onClick={() => onOpen(day)}
        className={cn(cls, 'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring')}
      >
        {body}
      </button>
    );
  }
  return (
    <div role="img" aria-label={label} data-state={day.state} data-date={day.date} className={cls}>
      {body}
    </div>
  );
}

export function Legend() {
  return (
    <ul aria-label="Legend" className="mt-4 grid grid-cols-2 gap-2 text-sm">
      {LEGEND_STATES.map((s) => (
        <li key={s} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('inline-flex h-6 w-6 items-center justify-center rounded text-xs', DAY_STATE_META[s].className)}>
            {DAY_STATE_META[s].mark}
          </span>
          {DAY_STATE_META[s].label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Monthly Activity View: previous/next month, a Sun..Sat grid of the server's day states and the legend.
 * A completed day's Check-in Details replace the month inside the same dialog (one dialog at a time); 'Back to
 * month' or Escape returns to the month with the focus back on that day.
 */
export function MonthlyActivityDialog({
  open,
  onOpenChange,
  initialMonth,
  renderDay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialMonth: string;
  /** The details of a completed day, shown in place of the month. */
  renderDay: (day: CalendarDay) => ReactNode;
}) {
  const [month, setMonth] = useState(initialMonth);
  const [detail, setDetail] = useState<CalendarDay | null>(null);
  const returnTo = useRef<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const { data, isPending, isError } = useCalendar(open ? month : null);
  const blanks = data?.days.length ? weekdayOf(data.days[0]!.date) : 0;
  useEffect(() => {
    if (detail) {
      backRef.current?.focus();
      return;
    }
    if (returnTo.current) {
      gridRef.current?.querySelector<HTMLElement>(`[data-date="${returnTo.current}"]`)?.focus();
      returnTo.current = null;
    }
  }, [detail]);
  const back = () => setDetail(null);
  return (
    <Modal
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setMonth(initialMonth);
          setDetail(null);
          returnTo.current = null;
        }
        onOpenChange(o);
      }}
      onEscapeKeyDown={(e) => {
        if (!detail) return;
        e.preventDefault();
        back();
      }}
      title={detail ? 'Check-in Details' : 'Monthly Activity View'}
      description={detail ? dayTitle(detail.date) : undefined}
    >
      {detail ? (
        <>
          {renderDay(detail)}
          <Button ref={backRef} className="mt-6" block variant="outline" onClick={back}>
            <ChevronLeft aria-hidden="true" size={18} strokeWidth={2.5} className="shrink-0" /> Back to month
          </Button>
        </>
      ) : (
        <>
          <div className="mt-4 flex items-center justify-between gap-2">
            <Button variant="ghost" className="min-w-11" aria-label="Previous month" onClick={() => setMonth((m) => addLocalMonths(m, -1))}>
              <ChevronLeft aria-hidden="true" size={20} strokeWidth={2.5} />
            </Button>
            <h3 className="font-semibold" aria-live="polite" data-testid="calendar-month">
              {monthTitle(month)}
            </h3>
            <Button variant="ghost" className="min-w-11" aria-label="Next month" onClick={() => setMonth((m) => addLocalMonths(m, 1))}>
              <ChevronRight aria-hidden="true" size={20} strokeWidth={2.5} />
            </Button>
          </div>
          <div className="-mx-3 mt-3 grid grid-cols-7 gap-px text-center text-xs font-semibold text-muted" aria-hidden="true">
            {WEEKDAYS_SHORT.map((d) => (
              <span key={d}>{d}</span>
            ))}
          </div>
          {isPending && <p className="mt-4 text-center text-muted">Loading…</p>}
          {isError && <p className="mt-4 text-center text-danger-text">Could not load this month. Please try again.</p>}
          {data && (
            <div ref={gridRef} className="-mx-3 mt-1 grid grid-cols-7 gap-px" data-testid="calendar-grid">
              {Array.from({ length: blanks }, (_, i) => (
                <span key={`b${i}`} aria-hidden="true" />
              ))}
              {data.days.map((d) => (
                <DayCell
                  key={d.date}
                  day={d}
                  onOpen={(day) => {
                    returnTo.current = day.date;
                    setDetail(day);
                  }}
                />
              ))}
            </div>
          )}
          <Legend />
          <Button className="mt-6" block variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </>
      )}
    </Modal>
  );
}
