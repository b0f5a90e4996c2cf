/**
 * A push worker thread (PUSH_THREADS, plugins/push.ts): encrypts and sends the messages the main thread hands it,
 * so the per-message aes128gcm work (an ECDH key pair and shared secret, HKDF, AES-GCM) runs on every core.
 * Built to dist/server/push-worker.js; from source it is loaded through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDirectSender, type PushSendOptions, type PushTarget, type VapidKeys } from './push-core';
import type { AllowedPushHost } from './push-address';

interface Job {
  id: number;
  target: PushTarget;
  payload: string;
  opts: PushSendOptions;
}

const { vapid, subject, allowedHosts } = workerData as { vapid: VapidKeys; subject: string; allowedHosts: AllowedPushHost[] };
const sender = createDirectSender(vapid, subject, { allowedHosts });
const port = parentPort!;

// Answers go back in batches too: those that complete in one turn of the event loop share one message.
let answers: unknown[] = [];
const answer = (a: unknown) => {
  if (answers.length === 0) setImmediate(() => {
    port.postMessage(answers);
    answers = [];
  });
  answers.push(a);
};

// The main thread hands over the sends of one turn of its event loop in one message (an array).
port.on('message', (batch: Job[]) => {
  for (const m of batch) {
    sender.send(m.target, m.payload, m.opts).then(
      (r) => answer({ id: m.id, ...r }),
      (err: unknown) => answer({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
    );
  }
});
