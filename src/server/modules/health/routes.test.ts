import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';

describe.each(testEngines())('health and unknown API paths on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => t.close());

  it('reports health without personal data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('healthy');
    expect(typeof body.database.responseTime).toBe('number');
    expect(body.memory.percentage).toBeGreaterThan(0);
    expect(Object.keys(body).sort()).toEqual(['database', 'memory', 'status', 'uptime']);
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toContain('Not found');
  });
});
