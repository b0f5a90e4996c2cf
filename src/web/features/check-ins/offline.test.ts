import { afterEach, describe, expect, test, vi } from 'vitest';

const enqueue = vi.fn();
vi.mock('@web/sw/offline-queue', () => ({ enqueueCheckIn: (...args: unknown[]) => enqueue(...args) }));
vi.mock('@web/lib/service-worker', () => ({ requestCheckInSync: async () => undefined }));

const { OFFLINE_MESSAGES, OfflineSaveError, SUBMIT_TIMEOUT_MS, submitOrQueue } = await import('./offline');
const body = { answers: [true, true, true, true, true, true, true] };

describe('submitOrQueue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    enqueue.mockReset();
  });

  test('with no connection the check-in is stored on the device with a key and its made-at instant', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    enqueue.mockResolvedValue({ stored: true });
    expect(await submitOrQueue(body, 'u1')).toEqual({ kind: 'queued', record: { stored: true } });
    const [sent, userId, madeAt, key] = enqueue.mock.calls[0]!;
    expect(sent).toEqual(body);
    expect(userId).toBe('u1');
    expect(madeAt).toBeInstanceOf(Date);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a storage failure says 'Failed to save check-in offline.'", async () => {
    vi.stubGlobal('navigator', { onLine: false });
    enqueue.mockRejectedValue(new DOMException('Quota exceeded', 'QuotaExceededError'));
    const err = await submitOrQueue(body, 'u1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OfflineSaveError);
    expect((err as Error).message).toBe(OFFLINE_MESSAGES.failed);
    expect(OFFLINE_MESSAGES.failed).toBe('Failed to save check-in offline.');
  });

  test('without a signed-in user nothing is queued (a queued check-in belongs to its maker)', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    enqueue.mockResolvedValue({});
    await expect(submitOrQueue(body, null)).rejects.toBeInstanceOf(OfflineSaveError);
    expect(enqueue).not.toHaveBeenCalled();
  });

  test('online, a request that cannot reach the server is queued with the key it was sent with', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    let sentKey = '';
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sentKey = (init.headers as Record<string, string>)['Idempotency-Key']!;
      throw new TypeError('Failed to fetch');
    });
    enqueue.mockResolvedValue({});
    expect(await submitOrQueue(body, 'u1')).toMatchObject({ kind: 'queued' });
    expect(enqueue.mock.calls[0]![3]).toBe(sentKey);
  });

  test('online, a request not answered within the timeout (the signal went in flight) is stored at once with its key', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(SUBMIT_TIMEOUT_MS).toBe(3_000);
    let sentKey = '';
    let answer: ((r: Response) => void) | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      sentKey = (init.headers as Record<string, string>)['Idempotency-Key']!;
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    enqueue.mockResolvedValue({});
    vi.useFakeTimers();
    try {
      const outcome = submitOrQueue(body, 'u1');
      await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1);
      expect(enqueue).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ kind: 'queued' });
    } finally {
      vi.useRealTimers();
    }
    const [sent, userId, madeAt, key] = enqueue.mock.calls[0]!;
    expect([sent, userId, key]).toEqual([body, 'u1', sentKey]);
    expect(madeAt).toBeInstanceOf(Date);
    // The late answer of the first request changes nothing: the queued retry (same key) is the same check-in.
    answer!(new Response(JSON.stringify({ id: 'c1' }), { status: 201 }));
    await new Promise((r) => setTimeout(r, 0));
    expect(enqueue).toHaveBeenCalledTimes(1);
  });

  test('online, an answer within the timeout is the outcome and nothing is stored', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ id: 'c1', isFirstCheckIn: true }), { status: 201 }));
    expect(await submitOrQueue(body, 'u1', { timeoutMs: 1_000 })).toEqual({ kind: 'sent', result: { id: 'c1', isFirstCheckIn: true } });
    expect(enqueue).not.toHaveBeenCalled();
  });

  test("online, a refusal (400) is the server's answer, not stored on the device", async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Check-in is closed right now.' }), { status: 400 }));
    await expect(submitOrQueue(body, 'u1')).rejects.toMatchObject({ status: 400 });
    expect(enqueue).not.toHaveBeenCalled();
  });
});

describe('a queued check-in the server refused', () => {
  test("says it was not accepted and why — not 'Failed to save check-in offline.', which is for storage failures", async () => {
    const { rejectedNotice } = await import('./offline');
    const n = rejectedNotice({ madeAt: '2026-03-02T21:00:00.000Z', reason: 'This check-in was made more than 48 hours ago.' }, 'en-GB');
    expect(n.title).toBe('Check-in not accepted');
    expect(n.title).not.toBe(OFFLINE_MESSAGES.failed);
    expect(n.description).toMatch(/^The check-in you made offline \(.*2026.*\) was not accepted: This check-in was made more than 48 hours ago\.$/);
  });
});

describe('syncedNotice', () => {
  test("'Synced' with the celebration of a milestone the synced check-in reached, and confetti", async () => {
    const { syncedNotice } = await import('./offline');
    expect(syncedNotice({ synced: 0, celebrations: [] })).toBeNull();
    expect(syncedNotice({ synced: 1, celebrations: [] })).toEqual({ title: 'Synced', description: OFFLINE_MESSAGES.syncedText, celebrate: false });
    expect(syncedNotice({ synced: 2, celebrations: ['🔥 Dedicated Soul! You reached a 30-day streak.'] })).toEqual({
      title: 'Synced',
      description: `${OFFLINE_MESSAGES.syncedText} 🔥 Dedicated Soul! You reached a 30-day streak.`,
      celebrate: true,
    });
  });
});
