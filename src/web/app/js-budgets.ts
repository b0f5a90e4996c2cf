/**
 * The gzip JavaScript budgets of the pages, in KB (decision 033, issue 26): everything a route loads. Checked on the
 * build by ./entry-graph.test.ts and reported by the client bench (bench/client.ts), both from here.
 */
export const JS_BUDGET_KB = {
  welcome: 110,
  'sign-in': 110,
  dashboard: 150,
} as const;

/** The budget of a bench route by its name (welcome, sign-in, dashboard), or null when it has none. */
export function jsBudgetKb(route: string): number | null {
  return Object.hasOwn(JS_BUDGET_KB, route) ? JS_BUDGET_KB[route as keyof typeof JS_BUDGET_KB] : null;
}
