/** The dashboard's parts, composed by src/web/app/dashboard-page.tsx. */
export { Greeting } from './components/greeting';
export { CountdownCard } from './components/countdown-card';
export { ScoreCard } from './components/score-card';
export { CheckInCard } from './components/check-in-card';
export { PremiumCards } from './components/premium-cards';
export { AreaTiles } from './components/area-tiles';
export { WellnessSummary } from './components/wellness-summary';
export { PromotionCard } from './components/promotion-card';
export { LOGIN_SUCCESS_TOAST, useDashboardKeys, useDashboardLoading, useDashboardParams } from './hooks/use-dashboard-effects';
export { useDashboard } from './api/get-dashboard';
export { DashboardSkeleton } from './components/dashboard-skeleton';
