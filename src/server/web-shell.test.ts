import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderShell } from './web-shell';
import { buildTestApp, type TestApp } from '../../test/helpers/app';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Big 7 - Daily Wellness Check-in</title>
    <meta name="description" content="placeholder" />
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('renderShell', () => {
  it("writes the route's title, description, canonical and social tags on APP_URL", () => {
    const html = renderShell(TEMPLATE, 'https://big7.example', '/terms');
    expect(html).toContain('<title>Terms of Service | Big 7</title>');
    expect(html).toContain('<link rel="canonical" href="https://big7.example/terms" />');
    expect(html).toContain('<meta property="og:url" content="https://big7.example/terms" />');
    expect(html).toContain('<meta property="og:image" content="https://big7.example/icon-512.png" />');
    expect(html).toContain('<meta name="big7:origin" content="https://big7.example" />');
    expect(html).not.toContain('placeholder');
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('an unknown path gets the default metadata', () => {
    expect(renderShell(TEMPLATE, 'https://big7.example', '/nope')).toContain('<title>Big 7 - Daily Wellness Check-in</title>');
  });

  it('escapes whatever the request path holds', () => {
    const html = renderShell(TEMPLATE, 'https://big7.example', '/"><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('href="https://big7.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

describe('the served app shell', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'big7-shell-'));
    writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    t = await buildTestApp('pglite', { env: { APP_URL: 'https://big7.example' }, webRoot: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries the canonical link on APP_URL whatever host the request was addressed to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/streak?x=1', headers: { host: '127.0.0.1:9999' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="canonical" href="https://big7.example/streak" />');
    expect(res.body).toContain('<title>Streak Journey | Big 7</title>');
    expect(res.body).not.toContain('127.0.0.1');
  });

  it('an unknown /api path is still a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });
});
