import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PRELOAD, inlineScriptHashes, parsePrerendered, prerenderedFor, renderShell } from './web-shell';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { createUser, signInAs } from '@test/helpers/users';
import { SESSION_TTL_MS } from './plugins/session';

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

  it.each(["/abc$'", '/abc$`', '/abc$&', "/abc$$'$`$&$1$<x>"])('writes %s literally: no $ pattern of the path is expanded', (path) => {
    const html = renderShell(TEMPLATE, 'https://big7.example', path);
    const escaped = path.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
    expect(html).toContain(`<link rel="canonical" href="https://big7.example${escaped}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://big7.example${escaped}" />`);
    // Nothing of the template is repeated (a `$'` or `$&` would copy part of it into the head).
    for (const once of ['<!doctype html>', '<head>', '</head>', '<body>', '<div id="root"></div>', '</html>', '<title>']) {
      expect(html.split(once), once).toHaveLength(2);
    }
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
  });

  it('a path of 100,000 slashes gets the default page, in linear time', () => {
    const start = performance.now();
    const html = renderShell(TEMPLATE, 'https://big7.example', `${'/'.repeat(100_000)}x`);
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(html).toContain('<title>Big 7 - Daily Wellness Check-in</title>');
    expect(html).toContain('<link rel="canonical" href="https://big7.example/" />');
    expect(html).not.toContain('//x');
  });

  it("asks for the path's screen files (the build's route map) and drops the map from the page", () => {
    const map = { '/checkin': ['/assets/CheckInScreen-abc.js', '/assets/page-def.js'], '/': ['/assets/WelcomeScreen-x.js'], '/bad': ['https://evil.example/x.js'] };
    const template = TEMPLATE.replace('</head>', `  <!--big7:route-preloads ${JSON.stringify(map)}-->\n  </head>`);
    const checkin = renderShell(template, 'https://big7.example', '/checkin');
    expect(checkin).toContain('<link rel="modulepreload" crossorigin href="/assets/CheckInScreen-abc.js" />');
    expect(checkin).toContain('<link rel="modulepreload" crossorigin href="/assets/page-def.js" />');
    expect(checkin).not.toContain('route-preloads');
    expect(checkin).not.toContain('WelcomeScreen');
    expect(renderShell(template, 'https://big7.example', '/checkin/')).toContain('CheckInScreen-abc.js');
    expect(renderShell(template, 'https://big7.example', '/')).toContain('href="/assets/WelcomeScreen-x.js"');
    for (const other of ['/terms', '/bad', '/constructor', '/__proto__']) {
      const html = renderShell(template, 'https://big7.example', other);
      expect(html, other).not.toContain('modulepreload');
      expect(html, other).not.toContain('route-preloads');
    }
    // A template without a map (an old build) gets no tags.
    expect(renderShell(TEMPLATE, 'https://big7.example', '/checkin')).not.toContain('modulepreload');
  });

  it("preloads the dashboard's read only for a signed-in request on the dashboard's paths", () => {
    const map = { '/dashboard': ['/assets/DashboardPage-d.js'], '/': ['/assets/WelcomeScreen-x.js'] };
    const template = TEMPLATE.replace('</head>', `  <!--big7:route-preloads ${JSON.stringify(map)}-->\n  </head>`);
    for (const p of ['/dashboard', '/dashboard/', '/']) {
      const html = renderShell(template, 'https://big7.example', p, { signedIn: true });
      expect(html.split(DASHBOARD_PRELOAD), p).toHaveLength(2);
      // A signed-in person's / is the dashboard: its files, not the welcome screen's.
      expect(html, p).toContain('href="/assets/DashboardPage-d.js"');
      expect(html, p).not.toContain('WelcomeScreen');
      expect(renderShell(template, 'https://big7.example', p), p).not.toContain('data-claim');
      expect(renderShell(template, 'https://big7.example', p, { signedIn: false }), p).not.toContain('data-claim');
    }
    expect(renderShell(template, 'https://big7.example', '/')).toContain('WelcomeScreen-x.js');
    for (const other of ['/checkin', '/streak', '/settings', '/dashboardx']) {
      expect(renderShell(template, 'https://big7.example', other, { signedIn: true }), other).not.toContain('data-claim');
    }
    for (const url of ['/api/dashboard', '/api/checkins/history', '/api/rewards/available']) {
      expect(DASHBOARD_PRELOAD).toContain(`<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials" data-claim />`);
    }
  });

  it('escapes whatever the request path holds', () => {
    const html = renderShell(TEMPLATE, 'https://big7.example', '/"><script>alert(1)</script>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('href="https://big7.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

const THEME_SCRIPT = "document.documentElement.className='light'";
const PRERENDERED = { '/signin': '<main id="main"><h1>Log In</h1></main>', '/': '<main id="main"><h1>Big 7</h1></main>' };
/** A template as the build writes it: the session probe's preload, an inline script. */
const BUILT_TEMPLATE = TEMPLATE.replace(
  '</head>',
  `  <link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials" />\n    <script>${THEME_SCRIPT}</script>\n  </head>`,
);

describe('prerendered signed-out pages (decision 029)', () => {
  const pages = parsePrerendered(JSON.stringify({ ...PRERENDERED, nope: 'x', '/bad': 3 }));

  it("reads the build's pages, only paths with markup", () => {
    expect([...pages.keys()]).toEqual(['/signin', '/']);
    expect(parsePrerendered('not json').size).toBe(0);
    expect(parsePrerendered('[1]').size).toBe(0);
    expect(parsePrerendered(null).size).toBe(0);
  });

  it('gives the markup of a path without a query string (a trailing slash is the same page)', () => {
    expect(prerenderedFor(pages, '/signin')).toBe(PRERENDERED['/signin']);
    expect(prerenderedFor(pages, '/signin/')).toBe(PRERENDERED['/signin']);
    expect(prerenderedFor(pages, '/')).toBe(PRERENDERED['/']);
    expect(prerenderedFor(pages, '/signin?email=a%40b.c')).toBeNull();
    expect(prerenderedFor(pages, '/dashboard')).toBeNull();
  });

  it('puts the markup inside #root and leaves out the session probe (the page starts as a visitor\'s)', () => {
    const html = renderShell(BUILT_TEMPLATE, 'https://big7.example', '/signin', { prerendered: PRERENDERED['/signin'] });
    expect(html).toContain(`<div id="root">${PRERENDERED['/signin']}</div>`);
    expect(html).not.toContain('/api/auth/session');
    expect(html).toContain('<link rel="canonical" href="https://big7.example/signin" />');
    const plain = renderShell(BUILT_TEMPLATE, 'https://big7.example', '/signin');
    expect(plain).toContain('<div id="root"></div>');
    expect(plain).toContain('href="/api/auth/session"');
  });

  it("allows the template's inline script by its hash", () => {
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(inlineScriptHashes(BUILT_TEMPLATE)).toEqual([`'sha256-${hash}'`]);
    expect(inlineScriptHashes(TEMPLATE)).toEqual([]);
  });

  describe('served', () => {
    let dir: string;
    let t: TestApp;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'big7-prerendered-'));
      writeFileSync(path.join(dir, 'index.html'), BUILT_TEMPLATE);
      writeFileSync(path.join(dir, 'prerendered.json'), JSON.stringify(PRERENDERED));
      t = await buildTestApp('pglite', { env: { APP_URL: 'https://big7.example' }, webRoot: dir });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('sends a visitor the markup; a signed-in person, a query string or another path get the empty root', async () => {
      const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
      for (const url of ['/signin', '/']) {
        const visitor = await get(url);
        expect(visitor.statusCode, url).toBe(200);
        expect(visitor.body, url).toContain(`<div id="root">${PRERENDERED[url as keyof typeof PRERENDERED]}</div>`);
        expect(visitor.headers.vary, url).toMatch(/Cookie/i);
        expect((await get(url, { cookie: 'big7_sid=not-a-session' })).body, url).toContain('<div id="root"><main');
      }
      const cookie = await signInAs(t.app, await createUser(t.app.db));
      for (const url of ['/signin', '/']) {
        expect((await get(url, { cookie })).body, url).toContain('<div id="root"></div>');
      }
      expect((await get('/signin?email=a%40b.c')).body).toContain('<div id="root"></div>');
      expect((await get('/checkin')).body).toContain('<div id="root"></div>');
    });

    it("allows the page's inline script in the Content-Security-Policy, and no other", async () => {
      const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' ${inlineScriptHashes(BUILT_TEMPLATE)[0]}`);
    });
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

  it('a path of 100,000 slashes answers the default page quickly', async () => {
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url: `${'/'.repeat(100_000)}x` });
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Big 7 - Daily Wellness Check-in</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://big7.example/" />');
  });

  it("a page path holding $' $` $& is served literally, the template once", async () => {
    const res = await t.app.inject({ method: 'GET', url: "/abc$'$`$&" });
    expect(res.statusCode).toBe(200);
    // (inject sends the backtick percent-encoded, as browsers do; renderShell's own test covers a raw one)
    expect(res.body).toContain('<link rel="canonical" href="https://big7.example/abc$&#39;$%60$&amp;" />');
    expect(res.body.split('<div id="root"></div>')).toHaveLength(2);
    expect(res.body.split('</head>')).toHaveLength(2);
  });

  it("the CSP lets forms post only to the app's own origin", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/settings' });
    const csp = String(res.headers['content-security-policy']);
    const formAction = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('form-action '));
    expect(formAction).toBe("form-action 'self'");
    // The API answers carry the same policy.
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(String(api.headers['content-security-policy'])).toContain("form-action 'self';");
  });

  it("preloads GET /api/dashboard only when the request's cookie is a live session", async () => {
    const user = await createUser(t.app.db);
    const cookie = await signInAs(t.app, user);
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      return res;
    };
    for (const url of ['/dashboard', '/']) {
      const signedIn = await page(url, { cookie });
      expect(signedIn.body, url).toContain(DASHBOARD_PRELOAD);
      expect(signedIn.headers.vary, url).toMatch(/Cookie/i);
      // A visitor, an unknown token, an over-long one: no preload (its 401 would be a console error on the page).
      expect((await page(url)).body, url).not.toContain('data-claim');
      expect((await page(url, { cookie: 'big7_sid=not-a-session' })).body, url).not.toContain('data-claim');
      expect((await page(url, { cookie: `big7_sid=${'x'.repeat(300)}` })).body, url).not.toContain('data-claim');
    }
    // Other pages never carry it, signed in or not.
    expect((await page('/checkin', { cookie })).body).not.toContain('data-claim');
    // The check only reads: the session is not renewed and the cookie is neither set nor cleared by a page.
    expect((await page('/dashboard', { cookie })).headers['set-cookie']).toBeUndefined();
    expect((await page('/dashboard', { cookie: 'big7_sid=not-a-session' })).headers['set-cookie']).toBeUndefined();
  });

  it('an expired session gets no dashboard preload (nor does a signed-out one)', async () => {
    const user = await createUser(t.app.db);
    const cookie = await signInAs(t.app, user);
    const start = t.clock.now();
    try {
      t.clock.set(new Date(start.getTime() + SESSION_TTL_MS + 60_000));
      const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
      expect(res.body).not.toContain('data-claim');
    } finally {
      t.clock.set(start);
    }
    // Signed out: the session row is gone, even if this process had it cached.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'https://big7.example' } })).statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } })).body).not.toContain('data-claim');
  });

  it('an unknown /api path is still a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });
});

describe('client source maps', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'big7-maps-'));
    writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log(1);\n//# sourceMappingURL=x.js.map\n');
    writeFileSync(path.join(dir, 'assets', 'x.js.map'), '{"version":3,"sources":["secret.ts"],"mappings":""}');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are not served under NODE_ENV=production, even when one is on disk (and no page stands in for them)', async () => {
    const t = await buildTestApp('pglite', { env: { NODE_ENV: 'production', APP_URL: 'https://big7.example' }, webRoot: dir });
    try {
      const js = await t.app.inject({ method: 'GET', url: '/assets/x.js' });
      expect(js.statusCode).toBe(200);
      for (const url of ['/assets/x.js.map', '/assets/x.js.map?v=1', '/assets/missing.js']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('secret.ts');
        expect(res.body, url).not.toContain('<div id="root">');
      }
      // Pages are still served.
      expect((await t.app.inject({ method: 'GET', url: '/streak' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('the production build does not emit them', async () => {
    const { default: defineBuild } = await import('../../vite.config');
    const config = defineBuild({ command: 'build', mode: 'production', isSsrBuild: false });
    expect(config.build?.sourcemap ?? false).toBe(false);
  });
});
