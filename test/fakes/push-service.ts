import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service on 127.0.0.1 for tests. It checks what a real one checks — the VAPID JWT (ES256 signature
 * against the `k` public key, `aud` = this origin, `exp` in the future and at most 24 h ahead, a `sub`), the
 * `Content-Encoding: aes128gcm` and a TTL — and decrypts the payload as the browser would (RFC 8291 / RFC 8188)
 * with the subscription's private key made by `subscribe()`. Each endpoint answers 201 unless told otherwise.
 */

export interface ReceivedPush {
  id: string;
  /** The decrypted payload. */
  text: string;
  json: unknown;
  headers: IncomingMessage['headers'];
  /** The VAPID public key the request was signed with. */
  vapidKey: string;
  jwt: { aud: string; exp: number; sub: string };
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The object form of PushSubscription.toJSON(). */
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: the receiver's side of aes128gcm (one record, as web-push sends). */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid must be the 65-byte sender key, got ${idlen}`);
  if (records.length > rs) throw new Error('more than one record');
  const uaPublic = receiver.getPublicKey();
  const ecdhSecret = receiver.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record must end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

function checkVapid(auth: string | undefined, origin: string, nowSeconds: number) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(auth ?? '');
  if (!m) throw new Error(`Authorization is not "vapid t=…, k=…": ${auth}`);
  const [, token, key] = m as unknown as [string, string, string];
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) throw new Error('malformed JWT');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}`);
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const pub = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('JWT signature does not verify against k');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > nowSeconds) || claims.exp > nowSeconds + 24 * 3600 + 60) throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`);
  return { key, claims };
}

export interface ForcedAnswer {
  status: number;
  headers?: Record<string, string>;
}

export interface FakePushService {
  origin: string;
  /** `127.0.0.1:PORT`: what the app's PUSH_ALLOWED_HOSTS lists so it may send here (issue 31). */
  host: string;
  received: ReceivedPush[];
  /** Requests the service refused (bad VAPID, bad encryption…), with why. */
  rejected: Array<{ id: string; reason: string }>;
  /** A new browser subscription on this service. */
  subscribe(): TestSubscription;
  /**
   * The answer each next request to this subscription gets — a status, or a status with headers (e.g. a
   * Retry-After) — then 201 again once the list is used up.
   */
  respond(id: string, ...answers: Array<number | ForcedAnswer>): void;
  /** How many requests reached this subscription (accepted or not). */
  hits(id: string): number;
  close(): Promise<void>;
}

export async function startPushService(): Promise<FakePushService> {
  const subs = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const queued = new Map<string, ForcedAnswer[]>();
  const hitCount = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: Array<{ id: string; reason: string }> = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const sub = subs.get(id);
      hitCount.set(id, (hitCount.get(id) ?? 0) + 1);
      if (req.method !== 'POST' || !sub) {
        res.writeHead(404).end();
        return;
      }
      const forced = queued.get(id)?.shift();
      if (forced !== undefined) {
        res.writeHead(forced.status, forced.headers ?? {}).end();
        return;
      }
      try {
        const { key, claims } = checkVapid(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) throw new Error('TTL header missing');
        const text = decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth).toString('utf8');
        received.push({ id, text, json: JSON.parse(text) as unknown, headers: req.headers, vapidKey: key, jwt: claims });
        res.writeHead(201, { location: `${origin}/msg/${received.length}` }).end();
      } catch (err) {
        rejected.push({ id, reason: (err as Error).message });
        res.writeHead(400).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    host: new URL(origin).host,
    received,
    rejected,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subs.set(id, { ecdh, auth });
      const endpoint = `${origin}/push/${id}`;
      const keys = { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) };
      return { id, endpoint, keys, toJSON: () => ({ endpoint, expirationTime: null, keys }) };
    },
    respond(id, ...answers) {
      queued.set(id, [...(queued.get(id) ?? []), ...answers.map((a) => (typeof a === 'number' ? { status: a } : a))]);
    },
    hits: (id) => hitCount.get(id) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
