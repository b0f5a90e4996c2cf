import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { createPushSender } from './push';

/** Two push services on 127.0.0.1 (two origins) that record the Authorization header of each push. */
let servers: Server[] = [];
const seen: Array<{ port: number; authorization: string }> = [];

beforeAll(async () => {
  servers = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<Server>((resolve) => {
          const s = createServer((req, res) => {
            req.resume();
            req.on('end', () => {
              seen.push({ port: (s.address() as AddressInfo).port, authorization: req.headers.authorization ?? '' });
              res.writeHead(201).end();
            });
          });
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

function target(port: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `http://127.0.0.1:${port}/push/${randomBytes(6).toString('hex')}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const claims = (authorization: string) => {
  const jwt = /^vapid t=([^,]+), k=/.exec(authorization)![1]!;
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
};

describe('push sender: the VAPID header is signed once per push-service origin (decision 021)', () => {
  it('reuses one header for every push to an origin, and signs another for another origin', async () => {
    const sender = createPushSender({
      db: null as unknown as Db,
      vapid: webpush.generateVAPIDKeys(),
      subject: 'mailto:ops@example.com',
      allowedHosts: [{ host: '127.0.0.1', port: null }],
    });
    try {
      const [a, b] = servers.map((s) => (s.address() as AddressInfo).port) as [number, number];
      for (let i = 0; i < 3; i++) expect((await sender.send(target(a), '{"title":"x"}')).status).toBe(201);
      expect((await sender.send(target(b), '{"title":"y"}')).status).toBe(201);
      const toA = seen.filter((s) => s.port === a).map((s) => s.authorization);
      const toB = seen.filter((s) => s.port === b).map((s) => s.authorization);
      expect(toA).toHaveLength(3);
      expect(new Set(toA).size).toBe(1);
      expect(toB[0]).not.toBe(toA[0]);
      const c = claims(toA[0]!);
      expect(c.aud).toBe(`http://127.0.0.1:${a}`);
      expect(c.sub).toBe('mailto:ops@example.com');
      // 12 hours from now (real time: push services check exp).
      expect(c.exp * 1000 - Date.now()).toBeGreaterThan(11.9 * 3600 * 1000);
      expect(claims(toB[0]!).aud).toBe(`http://127.0.0.1:${b}`);
    } finally {
      await sender.close();
    }
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date; nothing else', async () => {
    const { parseRetryAfter } = await import('./push-core');
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 5 ', now)).toBe(5);
    expect(parseRetryAfter('Tue, 10 Mar 2026 12:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Tue, 10 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
