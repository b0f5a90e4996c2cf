import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { helmetHeaders } from './http';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], formAction: ["'self'"], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
};

/** What helmet's own middleware sends on a real Node response. */
async function realHelmetHeaders(): Promise<Record<string, string>> {
  const mw = helmet(OPTIONS);
  const server = createServer((req, res) => mw(req, res, () => res.end('ok')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)) out[k] = v;
    });
    return out;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it("are exactly the headers helmet's middleware sets on a real response", async () => {
    const headers = helmetHeaders(OPTIONS);
    expect(headers).toEqual(await realHelmetHeaders());
    expect(headers['content-security-policy']).toContain("form-action 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  describe('on the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('pglite');
    });
    afterAll(async () => t.close());

    it('every answer carries them: an API read, an error and a 404', async () => {
      for (const url of ['/api/health', '/api/auth/user', '/api/no-such-thing']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      }
    });
  });
});
