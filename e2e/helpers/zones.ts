/**
 * An Etc/GMT zone where the local hour is about `hour` right now (Etc/GMT+5 is UTC−5). The check-in window depends
 * on the time of day in the person's zone: journeys sign a person up in such a zone (and run the browser in it, so
 * the app's timezone sync leaves it alone). At 21:00 the official window (20:00–23:59:59) stays open for two hours
 * or more, so a first check-in and an edit of it are both accepted; at 10:00 it opens in about ten hours.
 */
export function zoneAtLocalHour(hour: number, now = new Date()): string {
  let offset = hour - now.getUTCHours(); // local = UTC + offset
  if (offset > 12) offset -= 24;
  if (offset < -12) offset += 24;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** About 21:00 now: the official check-in window is open for the rest of the test run. */
export const EVENING_ZONE = zoneAtLocalHour(21);
