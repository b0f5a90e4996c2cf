import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDb, type DbHandle } from '../db/client';
import { testConfig } from '../../../test/helpers/app';

/** Routes a visitor may call without signing in. Everything else under /api must answer 401. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/version',
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/resend-verification',
  'GET /api/auth/verify-email',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/logout',
  'GET /api/auth/providers',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
]);

/** Reads Fastify's route tree (printRoutes) back into "METHOD /full/path" pairs. */
function listRoutes(tree: string): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
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

describe('every non-public API route requires a signed-in user', () => {
  let handle: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    handle = await openDb({ dataDir: 'memory://' });
    app = await buildApp({
      config: testConfig({ DEV_TOOLS: 'on' }),
      db: handle.db,
      dbEngine: handle.engine,
      webRoot: null,
      jobs: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('answers 401, before validating the body, on each protected route', async () => {
    const routes = listRoutes(app.printRoutes({ commonPrefix: false }));
    expect(routes).toContainEqual({ method: 'GET', url: '/api/streak/recovery-available' });
    const protectedRoutes = routes.filter((r) => !PUBLIC.has(`${r.method} ${r.url}`));
    expect(protectedRoutes.length).toBeGreaterThan(30);
    for (const r of protectedRoutes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000');
      const withBody = r.method !== 'GET' && r.method !== 'DELETE';
      const res = await app.inject({
        method: r.method as 'GET',
        url,
        ...(withBody ? { payload: { nonsense: ['x'] } } : {}),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});
