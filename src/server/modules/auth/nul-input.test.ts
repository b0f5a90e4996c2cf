import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';

const NUL = '\u0000';

describe.each(testEngines())('auth input with a NUL character on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  it('is refused with a 4xx, never a 500', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const rs = [
      await post('/api/auth/signup', { firstName: `A${NUL}`, email: 'nul1@example.com', password: 'Passw0rd!' }),
      await post('/api/auth/signup', { firstName: 'A', email: 'nul2@example.com', password: `Passw0rd!${NUL}` }),
      await post('/api/auth/signup', { firstName: 'A', email: 'nul3@example.com', password: 'Passw0rd!', timezone: `UTC${NUL}` }),
      await post('/api/auth/signin', { email: `nul4${NUL}@example.com`, password: 'Passw0rd!' }),
      await post('/api/auth/signin', { email: 'nul4@example.com', password: `x${NUL}` }),
      await post('/api/auth/forgot-password', { email: `nul5${NUL}@example.com` }),
      await post('/api/auth/resend-verification', { email: `nul6${NUL}@example.com` }),
      await post('/api/auth/reset-password', { token: `t${NUL}`, password: 'Passw0rd!' }),
      await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=a%00b` }),
    ];
    expect(rs.map((r) => (r.statusCode >= 500 ? `${r.statusCode} ${r.body}` : 'ok'))).toEqual(rs.map(() => 'ok'));
  });
});
