/**
 * One fan-out thread of the reminders benchmark (bench/reminders.ts): the server's own push sender
 * (`createPushSender`: web-push generateRequestDetails with aes128gcm, the VAPID header signed once per audience,
 * a pooled keep-alive undici Agent) sending `count` reminders to the local push service, `concurrency` in flight.
 * It prepares its subscriptions, says `ready`, and starts on `go`.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import webpush from 'web-push';
import type { Db } from '../src/server/db/client';
import { createPushSender, type PushTarget } from '../src/server/plugins/push';
import { REMINDER_MESSAGES } from '../src/shared/domain/reminders';

const { port, count, concurrency, vapid } = workerData as {
  port: number;
  count: number;
  concurrency: number;
  vapid: { publicKey: string; privateKey: string };
};

const targets: PushTarget[] = Array.from({ length: 1_000 }, (_, i) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `http://127.0.0.1:${port}/push/${i}-${randomBytes(8).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
});
// The configured key pair: the sender never reads the database.
const sender = createPushSender({ db: null as unknown as Db, vapid: vapid ?? webpush.generateVAPIDKeys(), subject: 'mailto:bench@example.com' });
const payload = JSON.stringify(REMINDER_MESSAGES.daily);

async function main(): Promise<{ sent: number; failed: number; ms: number }> {
  let next = 0;
  let sent = 0;
  let failed = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const r = await sender.send(targets[i % targets.length]!, payload, { ttlSeconds: 4 * 3600 });
      if (r.status === 201) sent++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { sent, failed, ms: performance.now() - t0 };
}

parentPort!.once('message', () => {
  void main().then(
    async (r) => {
      await sender.close();
      parentPort!.postMessage({ type: 'done', ...r });
    },
    (err: unknown) => {
      throw err;
    },
  );
});
parentPort!.postMessage({ type: 'ready' });
