import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/** Reads Fastify's route tree (printRoutes) back into "METHOD /full/path" pairs (HEAD, added for each GET, left out). */
export function listRoutes(tree: string): RouteEntry[] {
  const out: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^(.*?)(?:├──|└──) (\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    for (const method of m[3]!.split(', ')) if (method !== 'HEAD') out.push({ method, url: full });
  }
  return out;
}

/** The app's own route table: every route it answers, as `METHOD /path` keys (HEAD left out). */
export function routeTable(app: FastifyInstance): string[] {
  return listRoutes(app.printRoutes({ commonPrefix: false })).map((r) => `${r.method} ${r.url}`);
}
