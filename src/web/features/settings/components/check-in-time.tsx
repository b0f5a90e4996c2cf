import { useEffect, useId, useState } from 'react';
import { CHECK_IN_TIMES, canChangeCheckInTime, effectiveCheckInTime } from '@shared/domain/check-in-rules';
import { formatWallTime12h } from '@shared/domain/dates';
import type { PublicUser } from '@shared/schemas/auth';
import { toastError } from '@web/components/ui/toast';
import { useUpdateCheckInTime } from '../api/update-check-in-time';

/**
 * Change check-in time (spec part 2 §2, §5): 20:00–23:45 in 15-minute steps; disabled once the current
 * hour (in the user's timezone) is at or past the check-in hour, until midnight. The server enforces both.
 */
export function CheckInTimeSetting({ user }: { user: PublicUser }) {
  const id = useId();
  const current = effectiveCheckInTime(user.checkInTime);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  const allowed = canChangeCheckInTime(now, user.timezone, current);
  const update = useUpdateCheckInTime();
  // Said in place under the select (a live region), not in a toast over the screen (issue 30).
  const [saved, setSaved] = useState<string | null>(null);

  const onChange = (value: string) => {
    if (value === current) return;
    setSaved(null);
    update.mutate(value, {
      onSuccess: () => setSaved(`Your check-in window now opens at ${formatWallTime12h(value)}.`),
      onError: (err) => toastError(err, 'Update Failed', 'Could not change your check-in time. Please try again.'),
    });
  };

  return (
    <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
      <label htmlFor={id} className="font-medium">
        Check-in time
      </label>
      <select
        id={id}
        value={current}
        disabled={!allowed || update.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-lg border border-border-strong bg-surface-2 px-3 font-medium disabled:opacity-60 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        {CHECK_IN_TIMES.map((t) => (
          <option key={t} value={t}>
            {formatWallTime12h(t)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="w-full text-sm text-muted">
        {allowed
          ? 'Your daily window opens at this time and closes at midnight.'
          : `Today's window has started, so the time can be changed again after midnight.`}
      </p>
      <p role="status" className="w-full text-sm font-medium empty:hidden" data-testid="check-in-time-saved">
        {saved}
      </p>
    </div>
  );
}
