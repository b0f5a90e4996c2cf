import { afterEach, describe, expect, test, vi } from 'vitest';

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

const { celebrationMessage, enqueueCheckIn, pendingCount, syncQueuedCheckIns, OTHER_OWNER_KEEP_MS } = await import('./offline-queue');
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
    await enqueueCheckIn(body, 'u1', new Date('2026-03-02T23:30:00Z'), '11111111-1111-4111-8111-111111111111');
    await enqueueCheckIn(body, 'u1', new Date('2026-03-02T23:40:00Z'), '22222222-2222-4222-8222-222222222222');
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
    const r = await syncQueuedCheckIns({ userId: 'u1', fetcher, now });
    expect(r).toEqual({ synced: 2, rejected: [], remaining: 0, celebrations: ['🔥 Dedicated Soul! You reached a 30-day streak.'] });
    expect(sent.map((s) => s.key)).toEqual(['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']);
    expect(sent[0]!.body).toMatchObject({ madeAt: '2026-03-02T23:30:00.000Z' });
    expect(await pendingCount()).toBe(0);
  });
});

/** A fetcher that plays the server: who is signed in, and the answer of each POST /api/checkins. */
function server(signedIn: string | null, answer: (body: { madeAt?: string }) => Response) {
  const posts: Array<{ key: string; body: { madeAt?: string } }> = [];
  const fetcher = (async (url: string, init: RequestInit = {}) => {
    if (url === '/api/auth/session') return json(200, { user: signedIn ? { id: signedIn } : null });
    const b = JSON.parse(init.body as string) as { madeAt?: string };
    posts.push({ key: (init.headers as Record<string, string>)['Idempotency-Key']!, body: b });
    return answer(b);
  }) as typeof fetch;
  return { fetcher, posts };
}

describe('what a sync sends, and for whom', () => {
  afterEach(() => rows.clear());

  test('the device clock does not judge the 48 hours: an old record is sent, and the server\'s refusal drops it with its reason', async () => {
    // Made "three days ago" by this device's clock: only the server may say whether it still counts.
    await enqueueCheckIn(body, 'u1', new Date('2026-03-01T21:00:00Z'), '33333333-3333-4333-8333-333333333333');
    const s = server('u1', () => json(400, { message: 'This check-in was made more than 48 hours ago and can no longer count.' }));
    const r = await syncQueuedCheckIns({ userId: 'u1', fetcher: s.fetcher, now: Date.parse('2026-03-04T21:00:00Z') });
    expect(s.posts).toHaveLength(1);
    expect(r).toEqual({
      synced: 0,
      rejected: [{ madeAt: '2026-03-01T21:00:00.000Z', reason: 'This check-in was made more than 48 hours ago and can no longer count.' }],
      remaining: 0,
      celebrations: [],
    });
    expect(rows.size).toBe(0);
  });

  test('server errors and 401 keep the record for the next sync; a success is sent once', async () => {
    await enqueueCheckIn(body, 'u1', new Date('2026-03-02T21:00:00Z'));
    const failing = server('u1', () => json(503, {}));
    expect(await syncQueuedCheckIns({ userId: 'u1', fetcher: failing.fetcher })).toMatchObject({ synced: 0, remaining: 1, rejected: [] });
    const ok = server('u1', () => json(201, { id: 'c1', celebration: null }));
    expect(await syncQueuedCheckIns({ userId: 'u1', fetcher: ok.fetcher })).toMatchObject({ synced: 1, remaining: 0 });
    expect(await syncQueuedCheckIns({ userId: 'u1', fetcher: ok.fetcher })).toMatchObject({ synced: 0, remaining: 0 });
    expect(ok.posts).toHaveLength(1);
  });

  test("another user's records are never sent as the signed-in user's: kept for their owner", async () => {
    await enqueueCheckIn(body, 'alice', new Date('2026-03-02T21:00:00Z'), '44444444-4444-4444-8444-444444444444');
    const asBob = server('bob', () => json(201, { id: 'c' }));
    expect(await syncQueuedCheckIns({ userId: 'bob', fetcher: asBob.fetcher, now: Date.parse('2026-03-02T22:00:00Z') })).toMatchObject({ synced: 0, remaining: 0 });
    expect(asBob.posts).toEqual([]);
    expect(await pendingCount('bob')).toBe(0);
    expect(await pendingCount('alice')).toBe(1);
    // The worker does not know who is signed in: it asks the server, and still sends nothing of Alice's for Bob.
    expect(await syncQueuedCheckIns({ fetcher: asBob.fetcher, now: Date.parse('2026-03-02T22:00:00Z') })).toMatchObject({ synced: 0 });
    expect(asBob.posts).toEqual([]);
    // Nobody signed in: nothing is sent either.
    const nobody = server(null, () => json(201, { id: 'c' }));
    await syncQueuedCheckIns({ fetcher: nobody.fetcher });
    expect(nobody.posts).toEqual([]);
    // Alice signs in again: hers goes, with its key.
    const asAlice = server('alice', () => json(201, { id: 'c' }));
    expect(await syncQueuedCheckIns({ fetcher: asAlice.fetcher })).toMatchObject({ synced: 1 });
    expect(asAlice.posts.map((p) => p.key)).toEqual(['44444444-4444-4444-8444-444444444444']);
  });

  test("another user's record is dropped once a week old (the server would refuse it long before)", async () => {
    await enqueueCheckIn(body, 'alice', new Date('2026-03-02T21:00:00Z'));
    const asBob = server('bob', () => json(201, { id: 'c' }));
    await syncQueuedCheckIns({ userId: 'bob', fetcher: asBob.fetcher, now: Date.parse('2026-03-02T21:00:00Z') + OTHER_OWNER_KEEP_MS + 1 });
    expect(rows.size).toBe(0);
    expect(asBob.posts).toEqual([]);
  });

  test('offline, when who is signed in cannot be asked, everything waits', async () => {
    await enqueueCheckIn(body, 'u1', new Date('2026-03-02T21:00:00Z'));
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await syncQueuedCheckIns({ fetcher: offline })).toMatchObject({ synced: 0, remaining: 1 });
    expect(await pendingCount()).toBe(1);
  });
});

describe('the page and the worker take turns', () => {
  afterEach(() => {
    rows.clear();
    vi.unstubAllGlobals();
  });

  test('two contexts syncing at once (page and worker: two copies of the module) send a record once, through the Web Lock', async () => {
    // A Web Lock manager shared by both contexts, as the browser's is per origin.
    let tail: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (_name: string, fn: () => Promise<unknown>) => {
        const run = tail.then(fn);
        tail = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    await enqueueCheckIn(body, 'u1', new Date('2026-03-02T21:00:00Z'));
    vi.resetModules();
    const worker = await import('./offline-queue');
    const posts: string[] = [];
    const slow = (async (_url: string, init: RequestInit) => {
      posts.push((init.headers as Record<string, string>)['Idempotency-Key']!);
      await new Promise((r) => setTimeout(r, 20));
      return json(201, { id: 'c1' });
    }) as typeof fetch;
    const [a, b] = await Promise.all([
      syncQueuedCheckIns({ userId: 'u1', fetcher: slow }),
      worker.syncQueuedCheckIns({ userId: 'u1', fetcher: slow }),
    ]);
    expect(posts).toHaveLength(1);
    expect(a.synced + b.synced).toBe(1);
  });
});
