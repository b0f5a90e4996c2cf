import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/index';
import { createDirectSender, type PushOutcome, type PushSendOptions, type PushTarget, type VapidKeys } from './push-core';
import type { AllowedPushHost } from './push-address';

export type { PushOutcome, PushTarget } from './push-core';

/** The app_settings key of the VAPID key pair generated when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are unset. */
export const VAPID_KEYS_SETTING = 'vapid_keys';

export interface PushSender {
  /** The VAPID public key (URL-safe base64) the browser subscribes with. */
  publicKey(): Promise<string>;
  /** Encrypts (aes128gcm) and signs (VAPID) `payload` for one subscription and posts it to its push service. */
  send(target: PushTarget, payload: string, opts?: PushSendOptions): Promise<PushOutcome>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

/** The configured key pair, else one generated once and stored in the database (every instance reads the same row). */
export async function loadVapidKeys(db: Db, configured: VapidKeys | null) {
  if (configured) return configured;
  const generated = webpush.generateVAPIDKeys();
  await db.insert(appSettings).values({ key: VAPID_KEYS_SETTING, value: JSON.stringify(generated) }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VAPID_KEYS_SETTING));
  if (!row) throw new Error('The VAPID keys could not be stored');
  return JSON.parse(row.value) as VapidKeys;
}

/**
 * A push worker thread. From the bundle (dist/server/main.js) it is dist/server/push-worker.js; from source (tsx,
 * vitest) push-worker.ts, loaded through tsx's loader (a worker does not inherit the parent's).
 */
function startWorker(workerData: { vapid: VapidKeys; subject: string; allowedHosts: readonly AllowedPushHost[] }): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const url = new URL('./push-worker.ts', here).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); })`;
    return new Worker(boot, { eval: true, workerData });
  }
  return new Worker(new URL('./push-worker.js', here), { workerData });
}

interface Pending {
  resolve: (o: PushOutcome) => void;
  reject: (e: Error) => void;
}

/**
 * `threads` push worker threads sharing the sends (least busy first): each encrypts and sends on its own core.
 * Started on the first send; a worker that dies fails its sends (the job queue retries them) and is replaced.
 */
function createThreadPool(threads: number, getKeys: () => Promise<VapidKeys>, subject: string, allowedHosts: readonly AllowedPushHost[]) {
  interface Slot {
    worker: Worker;
    /** Sends handed to this worker and not answered yet. */
    pending: Map<number, Pending>;
    /** Sends of this turn of the event loop, posted together (one message instead of one per push). */
    outbox: unknown[];
  }
  let slots: Promise<Slot[]> | null = null;
  let closing = false;
  let nextId = 1;
  const spawn = (vapid: VapidKeys, list: Slot[], index: number): Slot => {
    const slot: Slot = { worker: startWorker({ vapid, subject, allowedHosts }), pending: new Map(), outbox: [] };
    slot.worker.unref();
    slot.worker.on('message', (batch: Array<{ id: number; error?: string } & Partial<PushOutcome>>) => {
      for (const m of batch) {
        const p = slot.pending.get(m.id);
        if (!p) continue;
        slot.pending.delete(m.id);
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve({ status: m.status!, retryAfterSeconds: m.retryAfterSeconds ?? null });
      }
    });
    slot.worker.on('error', () => undefined);
    slot.worker.on('exit', () => {
      for (const p of slot.pending.values()) p.reject(new Error('the push worker thread stopped'));
      slot.pending.clear();
      if (!closing) list[index] = spawn(vapid, list, index);
    });
    return slot;
  };
  const pool = () => {
    slots ??= getKeys().then((vapid) => {
      const list: Slot[] = [];
      for (let i = 0; i < threads; i++) list.push(spawn(vapid, list, i));
      return list;
    });
    slots.catch(() => (slots = null));
    return slots;
  };
  return {
    async send(target: PushTarget, payload: string, opts: PushSendOptions = {}): Promise<PushOutcome> {
      const list = await pool();
      // The least busy worker.
      const slot = list.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<PushOutcome>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        if (slot.outbox.length === 0) {
          setImmediate(() => {
            const batch = slot.outbox;
            slot.outbox = [];
            slot.worker.postMessage(batch);
          });
        }
        slot.outbox.push({ id, target, payload, opts });
      });
    },
    async close() {
      closing = true;
      const list = await (slots ?? Promise.resolve([] as Slot[])).catch(() => [] as Slot[]);
      slots = null;
      await Promise.all(list.map((s) => s.worker.terminate()));
    },
  };
}

/**
 * Web Push with VAPID: `threads` = 0 sends from this thread; more spreads the per-message encryption over that
 * many worker threads (PUSH_THREADS; decision 021), so one instance uses every core during a reminder burst.
 */
export function createPushSender(opts: {
  db: Db;
  vapid: VapidKeys | null;
  subject: string;
  threads?: number;
  /** PUSH_ALLOWED_HOSTS: hosts that may be on a local or private address (every other one is refused at connect). */
  allowedHosts: readonly AllowedPushHost[];
}): PushSender {
  let keys: Promise<VapidKeys> | null = null;
  const getKeys = () => {
    if (!keys) {
      keys = loadVapidKeys(opts.db, opts.vapid);
      keys.catch(() => (keys = null));
    }
    return keys;
  };
  const threads = opts.threads ?? 0;
  if (threads > 0) {
    const pool = createThreadPool(threads, getKeys, opts.subject, opts.allowedHosts);
    return { publicKey: async () => (await getKeys()).publicKey, send: pool.send, close: pool.close };
  }
  let direct: Promise<ReturnType<typeof createDirectSender>> | null = null;
  const sender = () => {
    direct ??= getKeys().then((vapid) => createDirectSender(vapid, opts.subject, { allowedHosts: opts.allowedHosts }));
    direct.catch(() => (direct = null));
    return direct;
  };
  return {
    publicKey: async () => (await getKeys()).publicKey,
    send: async (target, payload, o) => (await sender()).send(target, payload, o),
    async close() {
      if (direct) await (await direct.catch(() => null))?.close();
    },
  };
}

/** Decorates `app.push` (Web Push with VAPID through a pooled keep-alive client, in PUSH_THREADS worker threads). */
export default fp<{ sender?: PushSender }>(
  async (app, opts) => {
    const sender =
      opts.sender ??
      createPushSender({
        db: app.db,
        vapid: app.config.vapid,
        subject: app.config.vapidSubject,
        threads: app.config.pushThreads,
        allowedHosts: app.config.pushAllowedHosts,
      });
    app.decorate('push', sender);
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'push' },
);
