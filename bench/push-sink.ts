/**
 * The reminders benchmark's push service (bench/reminders.ts), in a process of its own so its CPU is not counted
 * as the server's: an HTTP server on 127.0.0.1 that accepts a POST carrying a VAPID Authorization and an aes128gcm
 * body (201) and counts them. Over IPC: `{port}` once listening; on 'stats' → `{received, bad, cpuMs}`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let received = 0;
let bad = 0;
const server = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    const ok = req.method === 'POST' && /^vapid t=.+, k=.+/.test(req.headers.authorization ?? '') && req.headers['content-encoding'] === 'aes128gcm' && bytes > 86;
    if (ok) received++;
    else bad++;
    res.writeHead(ok ? 201 : 400).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.on('message', (m) => {
  if (m === 'stats') {
    const cpu = process.cpuUsage();
    process.send!({ received, bad, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (m === 'reset') {
    received = 0;
    bad = 0;
  } else if (m === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
