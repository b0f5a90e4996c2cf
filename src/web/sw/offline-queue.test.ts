import { describe, expect, test, vi } from 'vitest';

// IndexedDB in memory: the few calls of `idb` the queue makes, on one store with auto-increment keys.
const rows = new Map<number, unknown>();
let nextKey = 1;
vi.mock('idb', () => ({
  openDB: async () => ({
    add: async (_s: string, v: unknown) => void rows.set(nextKey++, structuredClone(v)),
    get: async (_s: string, k: number) => structuredClone(rows.get(k)),
    getAll: async () => [...rows.values()],
    getAllKeys: async () => [...rows.keys()],
    put: async (_s: string, v: unknown, k: number) => void rows.set(k, structuredClone(v)),
    delete: async (_s: string, k: number) => void rows.delete(k),
    close: () => {},
  }),
}));

const { celebrationMessage, enqueueCheckIn, pendingCount, syncQueuedCheckIns } = await import('./offline-queue');
const body = { answers: [true, true, true, true, true, true, true] };
const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

describe('the offline queue hands on what the server celebrated', () => {
  test('celebrationMessage reads a check-in answer', () => {
    expect(celebrationMessage({ celebration: { type: 'milestone', milestone: 30, message: '🔥 Dedicated Soul! You reached a 30-day streak.', features: [] } })).toBe(
      '🔥 Dedicated Soul! You reached a 30-day streak.',
    );
    expect(celebrationMessage({ celebration: null })).toBeNull();
    expect(celebrationMessage({ celebration: { message: '' } })).toBeNull();
    expect(celebrationMessage(null)).toBeNull();
    expect(celebrationMessage('not json')).toBeNull();
  });

  test('a synced check-in whose answer celebrates a milestone (a late offline one) reports it; a plain one does not', async () => {
    const now = Date.parse('2026-03-03T00:10:00Z');
    await enqueueCheckIn(body, new Date('2026-03-02T23:30:00Z'), '11111111-1111-4111-8111-111111111111');
    await enqueueCheckIn(body, new Date('2026-03-02T23:40:00Z'), '22222222-2222-4222-8222-222222222222');
    expect(await pendingCount()).toBe(2);
    const answers = [
      json(201, { id: 'a', date: '2026-03-02', celebration: { type: 'milestone', milestone: 30, message: '🔥 Dedicated Soul! You reached a 30-day streak.', features: [] } }),
      json(200, { id: 'a', date: '2026-03-02', celebration: null }),
    ];
    const sent: Array<{ key: string; body: unknown }> = [];
    const fetcher = (async (_url: string, init: RequestInit) => {
      sent.push({ key: (init.headers as Record<string, string>)['Idempotency-Key']!, body: JSON.parse(init.body as string) });
      return answers.shift()!;
    }) as typeof fetch;
    const r = await syncQueuedCheckIns(fetcher, now);
    expect(r).toEqual({ synced: 2, rejected: [], remaining: 0, celebrations: ['🔥 Dedicated Soul! You reached a 30-day streak.'] });
    expect(sent.map((s) => s.key)).toEqual(['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']);
    expect(sent[0]!.body).toMatchObject({ madeAt: '2026-03-02T23:30:00.000Z' });
    expect(await pendingCount()).toBe(0);
  });
});
