import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { buildTestApp, testConfig, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { routeTable } from '@test/helpers/routes';
import { AUTHZ_MATRIX, DEV_ROUTE, ROLES, type MatrixRow, type Role } from './authz-matrix.data';
import { ADMIN_EMAILS, MISSING_IDS, makeOwner, newCaller, requestOf, userDigest, type Caller, type Owner } from './matrix-fixtures';

const CALLER: Record<Role, Caller> = { out: 'out', free: 'free', premium: 'premium', aiCoach: 'ai-coach', admin: 'admin' };
const usesIds = (row: MatrixRow | undefined) => /"\$(checkIn|conversation|feedback|checkout)"/.test(JSON.stringify(row?.request ?? {}));

/**
 * Issue 25: every route of the server's own route table × {signed out, free, premium, AI Coach, admin, another user's
 * ids}, against the expected statuses in authz-matrix.data.ts. One app per engine; each cell its own new user.
 */
describe.each(testEngines())('authorisation matrix on %s', (engine) => {
  let t: TestApp;
  let owner: Owner;
  let routes: string[];
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T21:00:00Z', env: { DEV_TOOLS: 'on', ADMIN_EMAILS } });
    routes = routeTable(t.app).filter((r) => r.split(' ')[1]!.startsWith('/api'));
    owner = await makeOwner(t.app);
  });
  afterAll(async () => t.close());

  /** Calls one cell: a new caller of the role, the row's request with the given ids. */
  async function cell(route: string, row: MatrixRow | undefined, role: Role | 'other', ids: Owner['ids']) {
    const { cookie } = await newCaller(t.app, role === 'other' ? 'ai-coach' : CALLER[role]);
    const res = await t.app.inject(requestOf(route, row?.request, ids, cookie));
    return res;
  }

  it('each route of the route table has a row, and each row a route', () => {
    const missing = routes.filter((r) => !AUTHZ_MATRIX[r]);
    const stale = Object.keys(AUTHZ_MATRIX).filter((r) => !routes.includes(r));
    expect(
      { missing, stale },
      'Add a row to test/api/authz-matrix.data.ts for each missing route (the next test prints what it answers); remove stale rows',
    ).toEqual({ missing: [], stale: [] });
    expect(routes.length).toBeGreaterThan(70);
  });

  it('every cell answers its expected status; nothing of another user is readable or writable', async () => {
    const ownerBefore = await userDigest(t.app.db, owner.id);
    const wrong: string[] = [];
    const observedRows: string[] = [];
    for (const route of routes) {
      const row = AUTHZ_MATRIX[route];
      const observed: Record<string, number> = {};
      for (const role of ROLES) {
        const res = await cell(route, row, role, MISSING_IDS);
        observed[role] = res.statusCode;
        if (row && row.expect[role] !== res.statusCode) {
          wrong.push(`${route} as ${role}: expected ${row.expect[role]}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        if (role !== 'admin' && (res.body.includes(owner.secret) || res.body.includes(owner.email))) {
          wrong.push(`${route} as ${role}: the response holds the other user's data`);
        }
      }
      if (usesIds(row) || (!row && /:[A-Za-z]/.test(route))) {
        const res = await cell(route, row, 'other', owner.ids);
        observed.other = res.statusCode;
        if (row?.expect.other === undefined && row) wrong.push(`${route}: its request uses ids, so its row needs an 'other' status`);
        else if (row && row.expect.other !== res.statusCode) {
          wrong.push(`${route} with another user's ids: expected ${row.expect.other}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        if (res.statusCode < 400) wrong.push(`${route} with another user's ids answered ${res.statusCode}: it must be refused`);
        if (res.body.includes(owner.secret) || res.body.includes(owner.email)) {
          wrong.push(`${route} with another user's ids: the response holds the other user's data`);
        }
      }
      if (!row) observedRows.push(`  '${route}': { expect: ${JSON.stringify(observed).replace(/"/g, '')} },`);
    }
    expect(
      observedRows,
      `Routes without a row in test/api/authz-matrix.data.ts; what they answer now (check before pasting):\n${observedRows.join('\n')}`,
    ).toEqual([]);
    expect(wrong).toEqual([]);
    expect(await userDigest(t.app.db, owner.id), "the other user's rows changed").toEqual(ownerBefore);
  }, 300_000); // about 500 cells; far less on an idle machine

  it('with DEV_TOOLS off the developer routes are gone (404) and nothing else is', async () => {
    const off = await buildApp({ config: testConfig({ ADMIN_EMAILS }), db: t.app.db, dbEngine: t.engine, clock: t.clock, webRoot: null, jobs: false });
    try {
      await off.ready();
      const offRoutes = routeTable(off).filter((r) => r.split(' ')[1]!.startsWith('/api'));
      const gone = routes.filter((r) => !offRoutes.includes(r));
      expect(gone.filter((r) => DEV_ROUTE.test(r))).toEqual(routes.filter((r) => DEV_ROUTE.test(r)));
      expect(gone.filter((r) => !DEV_ROUTE.test(r))).toEqual(['POST /api/streak/reset-freeze-days']);
      expect(gone.length).toBeGreaterThan(5);
      const { cookie } = await newCaller(t.app, 'admin');
      for (const route of gone) {
        for (const c of [cookie, undefined]) {
          const res = await off.inject(requestOf(route, AUTHZ_MATRIX[route]?.request, MISSING_IDS, c));
          expect(res.statusCode, route).toBe(404);
        }
      }
    } finally {
      await off.close();
    }
  });
});
