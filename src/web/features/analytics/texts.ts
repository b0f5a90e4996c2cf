import { quarterLabel } from '@shared/domain/analytics';
import type { TimeRange } from '@shared/schemas/analytics';

/** Texts of the analytics screens (spec part 2 §2, §8). */
export const ANALYTICS_TEXTS = {
  analyticsTitle: 'Business Analytics',
  dashboardTitle: 'Business Dashboard',
  loadingAnalytics: 'Loading analytics...',
  loadingDashboard: 'Loading enterprise analytics...',
  refreshed: { title: 'Analytics Refreshed', description: 'Latest business metrics have been loaded successfully', duration: 3_000 },
  refreshFailed: { title: 'Refresh Failed', description: 'Failed to refresh analytics. Please try again.', variant: 'destructive' as const },
  loadFailed: 'Failed to load analytics.',
} as const;

/** The business dashboard's refresh spinner turns for at least this long (spec part 2 §4). */
export const DASHBOARD_REFRESH_SPIN_MS = 1_000;

/** The range selector: 7D, 30D, the current quarter (Q1–Q4, sent as 90d) and all time. */
export function rangeOptions(now: Date): { value: TimeRange; label: string; description: string }[] {
  return [
    { value: '7d', label: '7D', description: 'Last 7 days' },
    { value: '30d', label: '30D', description: 'Last 30 days' },
    { value: '90d', label: quarterLabel(now), description: 'Last 90 days (this quarter)' },
    { value: 'all', label: 'All', description: 'All time' },
  ];
}

/** Dollars with two decimals and thousands separators. */
export const usd = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const pctText = (n: number): string => `${n}%`;
