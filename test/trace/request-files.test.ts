import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { createUser, signInAs } from '@test/helpers/users';

/**
 * The trace of a request (issue 27): the files under src/server and src/shared whose functions run while the app
 * answers it, measured with V8's precise coverage (call counts before and after), cold (nothing cached) and with
 * something due. Run alone: `TRACE=1 npx vitest run test/trace/request-files.test.ts` prints the lists (README.md's
 * architecture map shows them).
 *
 * The budget: issue 27 asks for at most 15 files per request (TARGET). The ceilings below are what the code reaches
 * today, each within the target (a ratchet: lower them when a change removes a file from a path, never raise them).
 */
const TARGET = 15;
const CEILING = { dashboardCold: 13, dashboardDue: 15, checkIn: 15 } as const;
type Counts = Map<string, number>;

/**
 * Vitest's module runner reads each export through a getter it writes into the module, `() => { try { return x }
 * catch {} }`: reading a table object or a constant "calls" its file, which the built server never does. Those getters
 * are not the app's code and are not counted.
 */
const EXPORT_GETTER = /^\(\) => \{ try \{ return [\w$]+ \} catch \{\} \}$/;
const sources = new Map<string, string>();

async function functionCalls(session: Session): Promise<Counts> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const out: Counts = new Map();
  for (const script of result) {
    const m = /\/src\/(server|shared)\/(.+?\.ts)/.exec(script.url);
    if (!m || script.url.includes('.test.')) continue;
    const file = `src/${m[1]}/${m[2]}`;
    let source = sources.get(script.scriptId);
    if (source === undefined) {
      source = (await session.post('Debugger.getScriptSource', { scriptId: script.scriptId })).scriptSource;
      sources.set(script.scriptId, source);
    }
    let n = out.get(file) ?? 0;
    for (const f of script.functions) {
      const r = f.ranges[0];
      if (r && r.count > 0 && !EXPORT_GETTER.test(source.slice(r.startOffset, r.endOffset))) n += r.count;
    }
    out.set(file, n);
  }
  return out;
}

async function traced(session: Session, fn: () => Promise<unknown>): Promise<string[]> {
  const before = await functionCalls(session);
  await fn();
  const after = await functionCalls(session);
  void before; // taking coverage resets the counters: `after` counts only what ran in between
  return [...after].filter(([, n]) => n > 0).map(([file]) => file).sort();
}

describe('the files a request runs through', () => {
  let t: TestApp;
  const session = new Session();
  beforeAll(async () => {
    t = await buildTestApp('pglite', { now: '2026-03-10T20:30:00Z' });
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Debugger.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  });
  afterAll(async () => {
    await t.close();
    session.disconnect();
  });

  it('GET /api/dashboard and POST /api/checkins', async () => {
    const user = await createUser(t.app.db, { createdAt: new Date('2025-01-01T00:00:00Z'), timezone: 'UTC', firstCheckInCompleted: true });
    const cookie = await signInAs(t.app, user);
    const get = () => t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
    const post = () => t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie }, payload: { answers: [true, true, true, true, true, true, true] } });
    // Warm the module graph and what is built once on first use (first calls compile; lazily built tables), with a
    // user of its own for each path, then measure each path.
    await get();
    await post();
    const warm = await createUser(t.app.db, { createdAt: new Date('2025-01-01T00:00:00Z'), timezone: 'UTC', firstCheckInCompleted: true });
    const warmCookie = await signInAs(t.app, warm);
    await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: warmCookie } });
    await t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie: warmCookie }, payload: { answers: [true, true, true, true, true, true, true] } });
    const other = await createUser(t.app.db, { createdAt: new Date('2025-01-01T00:00:00Z'), timezone: 'UTC', firstCheckInCompleted: true });
    const otherCookie = await signInAs(t.app, other);
    const dashboardDue = await traced(session, () => t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: otherCookie } }));
    t.app.sessionCache.clear();
    const dashboardCold = await traced(session, get);
    t.app.sessionCache.clear();
    const checkIn = await traced(session, () =>
      t.app.inject({ method: 'POST', url: '/api/checkins', headers: { cookie: otherCookie }, payload: { answers: [true, true, true, true, true, true, true] } }),
    );
    if (process.env.TRACE) {
      console.log(JSON.stringify({ dashboardCold, dashboardDue, checkIn }, null, 2));
    }
    expect(dashboardCold).toContain('src/server/modules/dashboard/routes.ts');
    expect(checkIn).toContain('src/server/modules/check-ins/routes.ts');
    const lists = { dashboardCold, dashboardDue, checkIn };
    for (const [name, files] of Object.entries(lists) as [keyof typeof CEILING, string[]][]) {
      expect(CEILING[name]).toBeLessThanOrEqual(TARGET);
      expect(files.length, `${name} runs through ${files.length} files (ceiling ${CEILING[name]}, target ${TARGET}):\n${files.join('\n')}`).toBeLessThanOrEqual(
        CEILING[name],
      );
    }
  });
});
