/** The dashboard countdown (spec part 1 §4.5): h/m/s under 24 hours, days otherwise, 'Expired' at zero. */
export const COUNTDOWN_TICK_MS = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function formatCountdown(msLeft: number): string {
  if (!Number.isFinite(msLeft) || msLeft <= 0) return 'Expired';
  if (msLeft >= DAY_MS) {
    const days = Math.floor(msLeft / DAY_MS);
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  const total = Math.floor(msLeft / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s`;
}

/** Spoken form for screen readers (read on demand, not every second). */
export function spokenCountdown(msLeft: number): string {
  if (!Number.isFinite(msLeft) || msLeft <= 0) return 'Expired';
  if (msLeft >= DAY_MS) return formatCountdown(msLeft);
  const total = Math.floor(msLeft / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return `${h} hours ${m} minutes`;
}

/** Count-up easing of the score card: cubic ease-out over 2 s (spec part 1 §2.8, §9). */
export const SCORE_ANIMATION_MS = 2_000;
export const easeOutCubic = (t: number): number => 1 - Math.pow(1 - Math.min(1, Math.max(0, t)), 3);
