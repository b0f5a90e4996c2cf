import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '@test/helpers/app';
import { createTestDb } from '@test/helpers/db';
import { buildApp } from '../app';
import type { DbHandle } from '../db/client';
import { AUTH_IP_LIMIT } from './rate-limit';

let open: Array<{ app: FastifyInstance; handle: DbHandle }> = [];
afterEach(async () => {
  for (const { app, handle } of open) {
    await app.close();
    await handle.close();
  }
  open = [];
});

/** The app with TRUST_PROXY set as given, plus GET /probe answering the address Fastify settled on. */
async function appWith(trustProxy?: string): Promise<FastifyInstance> {
  const handle = await createTestDb('pglite');
  const app = await buildApp({
    config: testConfig(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    db: handle.db,
    dbEngine: handle.engine,
    webRoot: null,
  });
  app.get('/probe', async (request) => ({ ip: request.ip }));
  await app.ready();
  open.push({ app, handle });
  return app;
}

const ipOf = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/probe',
      remoteAddress,
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    })
  ).json().ip as string;

/** One auth attempt (an invalid sign-in: 400 while the budget lasts, then 429). */
const authAttempt = (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
  app.inject({ method: 'POST', url: '/api/auth/signin', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: {} });

describe('X-Forwarded-For', { timeout: 90_000 }, () => {
  it('changes nothing by default: the address is the socket peer and a forged header does not dodge the auth budget', async () => {
    const app = await appWith();
    const peer = '203.0.113.7';
    expect(await ipOf(app, peer, '198.51.100.1')).toBe(peer);
    expect(await ipOf(app, peer, '198.51.100.1, 10.0.0.1')).toBe(peer);
    for (let i = 0; i < AUTH_IP_LIMIT.max; i++) {
      expect((await authAttempt(app, peer, `198.51.100.${i % 250}`)).statusCode).toBe(400);
    }
    expect((await authAttempt(app, peer, '192.0.2.99')).statusCode).toBe(429);
  });

  it('with trusted proxy addresses, is read up to the first address that is not a trusted proxy', async () => {
    const app = await appWith('10.0.0.0/8,127.0.0.1');
    // The client may have forged entries on the left; the proxy appended the real client address on the right.
    expect(await ipOf(app, '10.0.0.5', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf(app, '127.0.0.1', '6.6.6.6, 198.51.100.8, 10.1.2.3')).toBe('198.51.100.8');
    expect(await ipOf(app, '10.0.0.5')).toBe('10.0.0.5');
    // A peer that is not a trusted proxy cannot choose its address.
    expect(await ipOf(app, '203.0.113.9', '198.51.100.9')).toBe('203.0.113.9');

    // Each client behind the proxy has its own budget, whatever it puts on the left of the header.
    for (let i = 0; i < AUTH_IP_LIMIT.max; i++) {
      expect((await authAttempt(app, '10.0.0.5', `6.6.6.${i % 250}, 198.51.100.7`)).statusCode).toBe(400);
    }
    expect((await authAttempt(app, '10.0.0.5', '1.1.1.1, 198.51.100.7')).statusCode).toBe(429);
    expect((await authAttempt(app, '10.0.0.5', '198.51.100.8')).statusCode).toBe(400);
  });

  it('with a hop count, trusts that many proxies counted from the server', async () => {
    const one = await appWith('1');
    expect(await ipOf(one, '127.0.0.1', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf(one, '127.0.0.1')).toBe('127.0.0.1');
    const two = await appWith('2');
    expect(await ipOf(two, '127.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });
});
