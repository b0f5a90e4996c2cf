import { Agent } from 'undici';
import webpush from 'web-push';
import { guardedConnector, type AllowedPushHost } from './push-address';
import { systemClock } from '../context';

/**
 * One Web Push message to one subscription, with a fixed VAPID key pair: `web-push`'s generateRequestDetails()
 * (aes128gcm) sent through one pooled keep-alive undici Agent. Used in the server's main thread (PUSH_THREADS=0)
 * or in each push worker thread (plugins/push-worker.ts). Imports packages only, so a worker loads it as is.
 * Every connection goes through push-address.ts's connector: no local or private address unless the host is in
 * PUSH_ALLOWED_HOSTS (issue 31).
 */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOutcome {
  status: number;
  /** Seconds from a Retry-After header (429/503), when given: a number of seconds or an HTTP date. */
  retryAfterSeconds: number | null;
}

export interface PushSendOptions {
  ttlSeconds?: number;
  urgency?: 'normal' | 'high';
  topic?: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Retry-After (RFC 9110): delay-seconds or an HTTP-date; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = systemClock.now().getTime()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string' || !v.trim()) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface DirectSenderOptions {
  /** PUSH_ALLOWED_HOSTS: hosts that may be on a local or private address. */
  allowedHosts: readonly AllowedPushHost[];
  /** Resolves host names (tests stand in a resolver that answers what DNS rebinding would); default dns.lookup. */
  lookup?: typeof import('node:dns').lookup;
}

export function createDirectSender(vapid: VapidKeys, subject: string, opts: DirectSenderOptions) {
  // VAPID headers per push-service origin, signed once and reused until an hour before they expire (12 h): one
  // ES256 signature per origin instead of one per message. Real time, not the app clock: push services check exp.
  const vapidHeaders = new Map<string, { authorization: string; renewAfter: number }>();
  const vapidAuthorization = (audience: string) => {
    const cached = vapidHeaders.get(audience);
    if (cached && systemClock.now().getTime() < cached.renewAfter) return cached.authorization;
    const exp = Math.floor(systemClock.now().getTime() / 1000) + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', exp);
    vapidHeaders.set(audience, { authorization: Authorization, renewAfter: (exp - 3600) * 1000 });
    return Authorization;
  };
  // One pooled keep-alive client for every push service origin (FCM, Mozilla, Apple… each gets its own pool); each
  // new connection checks the address it goes to (the connector), so DNS rebinding cannot reach a private address.
  const agent = new Agent({
    connections: 64,
    keepAliveTimeout: 60_000,
    keepAliveMaxTimeout: 600_000,
    pipelining: 1,
    connect: guardedConnector(opts.allowedHosts, opts.lookup),
  });
  return {
    async send(target: PushTarget, payload: string, o: PushSendOptions = {}): Promise<PushOutcome> {
      const audience = new URL(target.endpoint).origin;
      const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        // The cached VAPID header instead of vapidDetails (null: web-push then signs nothing itself).
        vapidDetails: null as unknown as undefined,
        headers: { Authorization: vapidAuthorization(audience) },
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
      return { status: res.statusCode, retryAfterSeconds: parseRetryAfter(res.headers['retry-after']) };
    },
    async close() {
      await agent.close();
    },
  };
}
