import { afterEach, describe, expect, test, vi } from 'vitest';

const enqueue = vi.fn();
vi.mock('@web/sw/offline-queue', () => ({ enqueueCheckIn: (...args: unknown[]) => enqueue(...args) }));
vi.mock('@web/lib/service-worker', () => ({ requestCheckInSync: async () => undefined }));

const { OFFLINE_MESSAGES, OfflineSaveError, submitOrQueue } = await import('./offline');
const body = { answers: [true, true, true, true, true, true, true] };

describe('submitOrQueue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    enqueue.mockReset();
  });

  test('with no connection the check-in is stored on the device with a key and its made-at instant', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    enqueue.mockResolvedValue({});
    expect(await submitOrQueue(body)).toEqual({ kind: 'queued' });
    const [sent, madeAt, key] = enqueue.mock.calls[0]!;
    expect(sent).toEqual(body);
    expect(madeAt).toBeInstanceOf(Date);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a storage failure says 'Failed to save check-in offline.'", async () => {
    vi.stubGlobal('navigator', { onLine: false });
    enqueue.mockRejectedValue(new DOMException('Quota exceeded', 'QuotaExceededError'));
    const err = await submitOrQueue(body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OfflineSaveError);
    expect((err as Error).message).toBe(OFFLINE_MESSAGES.failed);
    expect(OFFLINE_MESSAGES.failed).toBe('Failed to save check-in offline.');
  });

  test('online, a request that cannot reach the server is queued with the key it was sent with', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    let sentKey = '';
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sentKey = (init.headers as Record<string, string>)['Idempotency-Key']!;
      throw new TypeError('Failed to fetch');
    });
    enqueue.mockResolvedValue({});
    expect(await submitOrQueue(body)).toEqual({ kind: 'queued' });
    expect(enqueue.mock.calls[0]![2]).toBe(sentKey);
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
