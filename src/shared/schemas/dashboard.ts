import { z } from 'zod';
import { publicUserSchema } from './auth';
import { todayResponseSchema } from './check-ins';
import { streakViewSchema } from './streaks';
import { subscriptionSchema } from './subscriptions';

/**
 * GET /api/dashboard (issue 10, decision 016): what the dashboard reads, in one round trip. Each part is the
 * answer of the spec endpoint it stands for (GET /api/auth/user, /api/checkins/today, /api/streak,
 * /api/subscription), which stay; the client seeds those queries' caches from it.
 */
export const dashboardSchema = z.object({
  user: publicUserSchema,
  today: todayResponseSchema,
  streak: streakViewSchema,
  subscription: subscriptionSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
