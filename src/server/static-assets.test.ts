import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { precompressDir } from '../../scripts/precompress';

const JS = `export const x = ${JSON.stringify('big7 '.repeat(400))};\n`;

describe('static files of the built client', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'big7-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), JS);
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    writeFileSync(path.join(dir, 'icon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`);
    expect(precompressDir(dir).map((f) => path.relative(dir, f)).sort()).toEqual(['assets/index-AbC123.js', 'icon.svg']);
    t = await buildTestApp('pglite', { webRoot: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the Brotli copy to a browser that takes it, cached for a year as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
    expect(res.rawPayload.length).toBeLessThan(JS.length / 5);
  });

  it('sends gzip when Brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('files outside /assets (icons, robots.txt) and the page are revalidated on every use', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/icon.svg', headers: { 'accept-encoding': 'br' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.body).toContain('User-agent');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
