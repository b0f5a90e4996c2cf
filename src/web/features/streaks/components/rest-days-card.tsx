import { useState } from 'react';
import { addLocalDays } from '@shared/domain/dates';
import { REST_DAY_ICON, REST_DAYS_MAX_AHEAD, restDayBlocker } from '@shared/domain/rest-days';
import { countText } from '@shared/domain/streak-engine';
import { errorMessage } from '@web/lib/api-client';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';
import { TextField } from '@web/components/ui/field';
import { toast } from '@web/components/ui/toast';
import { useCancelRestDay } from '../api/cancel-rest-day';
import { useRestDays } from '../api/get-rest-days';
import { usePlanRestDays } from '../api/plan-rest-days';
import { dayTitle } from '../calendar-grid';
import { STREAK_TEXTS } from '../texts';

/**
 * The Rest days card on /streak (issue 28): the allowance left this year, the next planned rest days (each can be
 * cancelled until it starts) and "Plan rest days" with a date picker that says why a date cannot be chosen (the
 * rule is the server's, shared/domain/rest-days.ts).
 */
export function RestDaysCard({ today }: { today: string }) {
  const rest = useRestDays().data;
  const plan = usePlanRestDays();
  const cancel = useCancelRestDay();
  const [date, setDate] = useState('');
  const kept = rest?.restDays ?? [];
  const planned = kept.filter((d) => d > today);
  const why = date ? restDayBlocker(date, today, kept) : null;
  const submit = () =>
    plan.mutate([date], {
      onSuccess: () => {
        toast({ title: 'Rest day planned', description: `${dayTitle(date)} will not count against your streak.` });
        setDate('');
      },
      onError: (err) => toast({ title: 'Rest day not planned', description: errorMessage(err), variant: 'destructive' }),
    });
  return (
    <div data-testid="rest-days-card">
      <Card>
        <h2 className="text-lg font-bold">
          <span aria-hidden="true">{REST_DAY_ICON} </span>Rest days
        </h2>
        <p className="mt-1 text-sm text-muted">{STREAK_TEXTS.restDaysIntro}</p>
        {rest && (
          <p className="mt-2 text-2xl font-bold" data-testid="rest-days-remaining">
            {countText(rest.remainingThisYear, 'rest day')} left this year
          </p>
        )}
        {planned.length > 0 && (
          <ul className="mt-3 divide-y divide-border" aria-label="Planned rest days">
            {planned.map((d) => (
              <li key={d} className="flex items-center justify-between gap-3 py-2" data-testid="planned-rest-day" data-date={d}>
                <span>{dayTitle(d)}</span>
                <Button
                  variant="outline"
                  onClick={() =>
                    cancel.mutate(d, {
                      onSuccess: () => toast({ title: 'Rest day cancelled', description: dayTitle(d) }),
                      onError: (err) => toast({ title: 'Could not cancel', description: errorMessage(err), variant: 'destructive' }),
                    })
                  }
                  disabled={cancel.isPending}
                  aria-label={`Cancel the rest day on ${dayTitle(d)}`}
                >
                  Cancel
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (date && !why) submit();
          }}
        >
          <TextField
            label="Plan rest days"
            type="date"
            name="rest-day"
            value={date}
            min={addLocalDays(today, 1)}
            max={addLocalDays(today, REST_DAYS_MAX_AHEAD)}
            onChange={(e) => setDate(e.target.value)}
            hint={`Pick a date from tomorrow up to ${REST_DAYS_MAX_AHEAD} days ahead.`}
            error={why ?? undefined}
          />
          <Button type="submit" block disabled={!date || !!why || plan.isPending}>
            Plan rest day
          </Button>
        </form>
      </Card>
    </div>
  );
}
