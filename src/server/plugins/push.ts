import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Agent } from 'undici';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/index';

/** The app_settings key of the VAPID key pair generated when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are unset. */
export const VAPID_KEYS_SETTING = 'vapid_keys';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOutcome {
  status: number;
  /** Seconds from a Retry-After header (429/503), when given. */
  retryAfterSeconds: number | null;
}

export interface PushSender {
  /** The VAPID public key (URL-safe base64) the browser subscribes with. */
  publicKey(): Promise<string>;
  /** Encrypts (aes128gcm) and signs (VAPID) `payload` for one subscription and posts it to its push service. */
  send(target: PushTarget, payload: string, opts?: { ttlSeconds?: number; urgency?: 'normal' | 'high'; topic?: string }): Promise<PushOutcome>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

/** The configured key pair, else one generated once and stored in the database (every instance reads the same row). */
export async function loadVapidKeys(db: Db, configured: { publicKey: string; privateKey: string } | null) {
  if (configured) return configured;
  const generated = webpush.generateVAPIDKeys();
  await db.insert(appSettings).values({ key: VAPID_KEYS_SETTING, value: JSON.stringify(generated) }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VAPID_KEYS_SETTING));
  if (!row) throw new Error('The VAPID keys could not be stored');
  return JSON.parse(row.value) as { publicKey: string; privateKey: string };
}

export function createPushSender(opts: { db: Db; vapid: { publicKey: string; privateKey: string } | null; subject: string }): PushSender {
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const getKeys = () => {
    if (!keys) {
      keys = loadVapidKeys(opts.db, opts.vapid);
      keys.catch(() => (keys = null));
    }
    return keys;
  };
  // VAPID headers per push-service origin, signed once and reused until an hour before they expire (12 h): one
  // ES256 signature per origin instead of one per message. Real time, not the app clock: push services check exp.
  const vapidHeaders = new Map<string, { authorization: string; renewAfter: number }>();
  const vapidAuthorization = (audience: string, vapid: { publicKey: string; privateKey: string }) => {
    const cached = vapidHeaders.get(audience);
    if (cached && Date.now() < cached.renewAfter) return cached.authorization;
    const exp = Math.floor(Date.now() / 1000) + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(audience, opts.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', exp);
    vapidHeaders.set(audience, { authorization: Authorization, renewAfter: (exp - 3600) * 1000 });
    return Authorization;
  };
  // One pooled keep-alive client for every push service origin (FCM, Mozilla, Apple… each gets its own pool).
  const agent = new Agent({ connections: 64, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000, pipelining: 1 });
  return {
    async publicKey() {
      return (await getKeys()).publicKey;
    },
    async send(target, payload, o = {}) {
      const vapid = await getKeys();
      const audience = new URL(target.endpoint).origin;
      const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        // The cached VAPID header instead of vapidDetails (null: web-push then signs nothing itself).
        vapidDetails: null as unknown as undefined,
        headers: { Authorization: vapidAuthorization(audience, vapid) },
        contentEncoding: 'aes128gcm',
        TTL: o.ttlSeconds ?? 3600,
        urgency: o.urgency ?? 'normal',
        ...(o.topic ? { topic: o.topic } : {}),
      });
      const url = new URL(details.endpoint);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
      const res = await agent.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'POST',
        headers,
        body: details.body ?? undefined,
        headersTimeout: 15_000,
        bodyTimeout: 15_000,
      });
      await res.body.dump();
      const retryAfter = res.headers['retry-after'];
      const seconds = typeof retryAfter === 'string' && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
      return { status: res.statusCode, retryAfterSeconds: seconds };
    },
    async close() {
      await agent.close();
    },
  };
}

/** Decorates `app.push` (Web Push with VAPID through a pooled keep-alive client). */
export default fp<{ sender?: PushSender }>(
  async (app, opts) => {
    const sender = opts.sender ?? createPushSender({ db: app.db, vapid: app.config.vapid, subject: app.config.vapidSubject });
    app.decorate('push', sender);
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'push' },
);
