import { useEffect, useState } from 'react';
import { Card } from '@web/components/ui/page';
import { NoBreakHyphens } from '@web/components/ui/text';
import { COUNTDOWN_TICK_MS, formatCountdown, spokenCountdown } from '../countdown';

/**
 * Countdown to the end of today's window or to its next opening. The target and the label come from the
 * server; the clock ticks every second, corrected by the server-time offset. At zero it asks for a refresh.
 * During the 24-hour orientation the dashboard passes the end of the first check-in window instead, so the
 * countdown agrees with the first check-in card.
 */
export function CountdownCard({
  label,
  target,
  serverOffsetMs,
  onExpired,
}: {
  label: string;
  target: string;
  serverOffsetMs: number;
  onExpired?: () => void;
}) {
  const targetMs = new Date(target).getTime();
  const [now, setNow] = useState(() => Date.now() + serverOffsetMs);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now() + serverOffsetMs), COUNTDOWN_TICK_MS);
    return () => clearInterval(id);
  }, [serverOffsetMs]);
  const left = targetMs - now;
  const expired = left <= 0;
  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <p className="min-w-0 text-sm font-medium text-muted" id="countdown-label">
        <NoBreakHyphens text={label} />
      </p>
      <p className="whitespace-nowrap text-xl font-bold tabular-nums" data-testid="countdown" aria-hidden="true">
        {formatCountdown(left)}
      </p>
      <span className="sr-only">{`${label} ${spokenCountdown(left)}`}</span>
    </Card>
  );
}
