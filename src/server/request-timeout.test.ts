import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '@test/helpers/app';

/** Sends the request head and part of its body, then nothing; resolves with what the server said and when it closed. */
function stalledUpload(port: number, giveUpMs: number): Promise<{ response: string; closedAfterMs: number | null }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    let response = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ response, closedAfterMs: null });
    }, giveUpMs);
    socket.on('data', (chunk) => (response += chunk.toString('utf8')));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ response, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      socket.write(
        'POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"slow',
      );
    });
  });
}

describe('request timeout', () => {
  it('answers 408 and closes a connection whose request body stalls, within REQUEST_TIMEOUT_SECONDS', { timeout: 60_000 }, async () => {
    const t = await buildTestApp('pglite', { env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const { response, closedAfterMs } = await stalledUpload(port, 10_000);
      expect(closedAfterMs, 'the server kept the stalled connection open').not.toBeNull();
      expect(closedAfterMs!).toBeGreaterThanOrEqual(900);
      expect(closedAfterMs!).toBeLessThan(3_000);
      expect(response).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await t.close();
    }
  });

  it('is 30 seconds unless configured', async () => {
    const t = await buildTestApp('pglite');
    try {
      expect(t.app.server.requestTimeout).toBe(30_000);
      expect(t.app.server.headersTimeout).toBe(30_000);
    } finally {
      await t.close();
    }
  });
});
