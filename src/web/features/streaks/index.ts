/** The streak feature's parts where other screens show them (composed by src/web/app). */
export { STREAK_KEY, useStreak } from './api/get-streak';
export { frozenDaysQueryKey, useFrozenDays } from './api/get-frozen-days';
export { useRecoveryAvailable } from './api/get-recovery-available';
export { StreakCard } from './components/streak-card';
export { streakStorageKeys } from './storage-keys';
