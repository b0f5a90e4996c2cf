import { z } from 'zod';

export const healthReportSchema = z.object({
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  database: z.object({ responseTime: z.number() }),
  memory: z.object({ percentage: z.number() }),
  uptime: z.number(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

export const versionSchema = z.object({ version: z.string() });
