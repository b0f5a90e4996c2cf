/** Local and session storage keys of the dashboard's streak dialogs. */
export const streakStorageKeys = {
  /** Local storage: the frozen days whose Streak Protected! dialog this user acknowledged. */
  shieldsSeen: (userId: string) => `big7_shields_seen_${userId}`,
  /** Session storage: the recovery prompt opens once per session. */
  recoveryPrompted: 'big7_recovery_prompted',
};
