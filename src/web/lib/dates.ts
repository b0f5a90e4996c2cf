/**
 * The browser's zone as Temporal names it, where the browser has Temporal (null elsewhere, or when it fails). It
 * answers without building a date formatter: the page's first `Intl.DateTimeFormat` loads the locale's data, ~20 ms
 * of a desktop's CPU and four times that on a phone, while this takes ~0.1 ms. Chromium's Temporal and Intl name a
 * zone alike (Asia/Kolkata is Asia/Calcutta in both), but other engines may not: use it to confirm a zone is
 * unchanged, and browserTimezone() for the name to store.
 */
export function temporalTimezone(): string | null {
  try {
    const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => unknown } } }).Temporal;
    const zone = temporal?.Now?.timeZoneId?.();
    return typeof zone === 'string' && zone ? zone : null;
  } catch {
    return null;
  }
}

/** The browser's IANA timezone (falls back to UTC when Intl cannot tell). */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** 'Good morning' / 'Good afternoon' / 'Good evening' for a local hour. */
export function greetingForHour(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Smooth unless the person asked for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  if (typeof window === 'undefined' || !window.matchMedia) return 'auto';
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
