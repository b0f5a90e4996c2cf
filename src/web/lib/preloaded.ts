import { apiEnvironment, readApiResponse, type RequestOptions } from './api-client';

/**
 * Reads the page shell asked for with the page (decision 016): for a signed-in /dashboard the
 * server writes `<link rel="preload" as="fetch" crossorigin="use-credentials" data-claim>` for GET /api/dashboard,
 * only when the request carried a live session. The browser hands a preloaded answer to the FIRST fetch of the
 * same URL and credentials mode, whenever that comes: left unclaimed, it would answer a later refresh with the
 * data as the page loaded. So the app claims every such link at start (one fetch, answered by the preload: the
 * page still makes one request), and a screen may take the answer once, within CLAIM_FRESH_MS of the page's start;
 * later it reads the server again.
 */
export const CLAIM_FRESH_MS = 10_000;

const claimed = new Map<string, { at: number; answer: Promise<Response | null> }>();

/** Claims the shell's preloaded reads (main.tsx, before the first render). */
export function claimPreloads(doc: Pick<Document, 'querySelectorAll'> = document, now = performance.now()): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][data-claim]')) {
    const url = link.getAttribute('href');
    if (!url || !url.startsWith('/api/') || claimed.has(url)) continue;
    // The same request as the api client's GET (credentials included), so the preload answers it.
    const answer = apiEnvironment
      .fetch(url, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } })
      .catch(() => null);
    claimed.set(url, { at: now, answer });
  }
}

/**
 * The claimed answer of `url`, once: null when there is none, it was taken already, it is older than
 * CLAIM_FRESH_MS, or it never arrived (a network failure: the caller then asks the server itself).
 */
export function takePreloaded(url: string, now = performance.now()): Promise<Response | null> | null {
  const c = claimed.get(url);
  if (!c) return null;
  claimed.delete(url);
  if (now - c.at > CLAIM_FRESH_MS) return null;
  return c.answer;
}

/**
 * The page shell's preloaded answer of `url` when it can still be taken, read as the api client reads any answer (an
 * error status is that error: a 429 is not asked again, a 401 follows `on401`); else `ask()`.
 */
export async function preloadedOr<T>(url: string, ask: () => Promise<T>, opts: Pick<RequestOptions, 'on401'> = {}): Promise<T> {
  const taken = takePreloaded(url);
  const res = taken ? await taken : null;
  return res ? readApiResponse<T>(res, opts) : ask();
}

/** Tests: forgets every claim. */
export function resetPreloadsForTests(): void {
  claimed.clear();
}
