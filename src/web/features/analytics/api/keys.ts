import type { TimeRange } from '@shared/schemas/analytics';

/** Query keys of the owner analytics; every query and refresh goes through these. */
export const ANALYTICS_KEY = ['analytics'] as const;
export const analyticsMetricsKey = (range: TimeRange) => ['analytics', 'metrics', range] as const;
export const BUSINESS_METRICS_KEY = ['analytics', 'admin', 'business-metrics'] as const;
export const SCALING_READINESS_KEY = ['analytics', 'admin', 'scaling-readiness'] as const;
export const HEALTH_KEY = ['analytics', 'health'] as const;
export const FAILED_JOBS_KEY = ['analytics', 'admin', 'failed-jobs'] as const;

/** Analytics data stays fresh for 30 s (spec part 2 §9). */
export const ANALYTICS_STALE_MS = 30_000;
