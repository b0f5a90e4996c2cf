/** Chart colours, distinguishable in both themes; the tables beside the charts repeat every value in words. */
export const CHART_COLORS = ['#6366f1', '#ec4899', '#14b8a6', '#f59e0b', '#64748b', '#22c55e', '#ef4444', '#a855f7'] as const;
export const colorAt = (i: number): string => CHART_COLORS[i % CHART_COLORS.length]!;

export interface ChartDatum {
  name: string;
  value: number;
}
