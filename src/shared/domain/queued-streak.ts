/** Issue 30: the streak the moment shows for a check-in stored on the device and not sent yet. */

/** The streak after a check-in stored on the device (not sent yet): one more than before unless today already counted. */
export function queuedStreakAfter(streak: { currentStreak: number; todayCompleted: boolean } | null | undefined): number | null {
  if (!streak) return null;
  return streak.todayCompleted ? streak.currentStreak : streak.currentStreak + 1;
}
