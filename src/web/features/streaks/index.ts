/** The streak feature's parts where other screens show them (composed by src/web/app). */
export { STREAK_KEY, useFrozenDays, useRecoveryAvailable, useStreak } from './api/streak';
export { StreakCard } from './components/streak-card';
export { RecoverStreakModal, ShieldsProtectedModal, streakStorageKeys } from './components/streak-modals';
