import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { APP_VERSION } from '../shared/version';

describe('the one service worker and the version check', () => {
  let dir: string;
  let t: TestApp;
  const SW = 'self.addEventListener("fetch", () => {});';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'big7-sw-'));
    writeFileSync(path.join(dir, 'index.html'), '<html><head><title>Big 7</title></head><body></body></html>');
    writeFileSync(path.join(dir, 'sw.js'), SW);
    t = await buildTestApp('pglite', { webRoot: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves /sw.js, and /service-worker.js as the same worker, never cached stale', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toBe(SW);
    const alias = await t.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(alias.statusCode).toBe(200);
    expect(alias.body).toBe(SW);
    expect(alias.headers['content-type']).toMatch(/javascript/);
    expect(alias.headers['cache-control']).toBe('no-cache');
  });

  it('GET /api/version answers the version, never from a cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: APP_VERSION });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
