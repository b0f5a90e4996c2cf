/**
 * A push worker thread (PUSH_THREADS, plugins/push.ts): encrypts and sends the messages the main thread hands it,
 * so the per-message aes128gcm work (an ECDH key pair and shared secret, HKDF, AES-GCM) runs on every core.
 * Built to dist/server/push-worker.js; from source it is loaded through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDirectSender, type PushSendOptions, type PushTarget, type VapidKeys } from './push-core';

interface Job {
  id: number;
  target: PushTarget;
  payload: string;
  opts: PushSendOptions;
}

const { vapid, subject } = workerData as { vapid: VapidKeys; subject: string };
const sender = createDirectSender(vapid, subject);
const port = parentPort!;

port.on('message', (m: Job) => {
  sender.send(m.target, m.payload, m.opts).then(
    (r) => port.postMessage({ id: m.id, ...r }),
    (err: unknown) => port.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
port.postMessage({ ready: true });
