/**
 * The installed app's icon badge (issue 30, the Badging API where the browser has it): on while today's window is
 * open and today's check-in is still to do; off once it is done or the window has closed.
 */
export function shouldBadge(status: { hasCheckedInToday: boolean; windowState: { isOpen: boolean; canCheckIn: boolean } } | null | undefined): boolean | null {
  if (!status) return null;
  return status.windowState.isOpen && status.windowState.canCheckIn && !status.hasCheckedInToday;
}

/** The parts of Navigator / WorkerNavigator the Badging API adds (absent in most desktop browsers but Chromium). */
export interface BadgeTarget {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Sets (on) or clears (off) the badge where the API exists; a refusal (not installed, no permission) is ignored. */
export async function applyBadge(target: BadgeTarget | undefined, on: boolean): Promise<void> {
  try {
    if (on) await target?.setAppBadge?.();
    else await target?.clearAppBadge?.();
  } catch {
    // Not an installed app, or the browser declined: the badge is a nicety.
  }
}
