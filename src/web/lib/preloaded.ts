import { apiEnvironment } from './api-client';

/**
 * Reads the page shell asked for with the page (decision 016, third client pass): for a signed-in /dashboard the
 * server writes `<link rel="preload" as="fetch" crossorigin="use-credentials" data-claim>` for GET /api/dashboard,
 * only when the request carried a live session. The browser hands a preloaded answer to the FIRST fetch of the
 * same URL and credentials mode, whenever that comes: left unclaimed, it would answer a later refresh with the
 * data as the page loaded. So the app claims every such link at start (one fetch, answered by the preload: the
 * page still makes one request), and a screen may take the answer once, within CLAIM_FRESH_MS of the page's start;
 * later it reads the server again.
 */
export const CLAIM_FRESH_MS = 10_000;

const claimed = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Claims the shell's preloaded reads (main.tsx, before the first render). */
export function claimPreloads(doc: Pick<Document, 'querySelectorAll'> = document, now = performance.now()): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][data-claim]')) {
    const url = link.getAttribute('href');
    if (!url || !url.startsWith('/api/') || claimed.has(url)) continue;
    // The same request as the api client's GET (credentials included), so the preload answers it.
    const answer = apiEnvironment
      .fetch(url, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
      .catch(() => null);
    claimed.set(url, { at: now, answer });
  }
}

/**
 * The claimed answer of `url`, once: null when there is none, it was taken already, it is older than
 * CLAIM_FRESH_MS, or the server did not answer it with a success (the caller then asks the server itself).
 */
export function takePreloaded<T>(url: string, now = performance.now()): Promise<T | null> | null {
  const c = claimed.get(url);
  if (!c) return null;
  claimed.delete(url);
  if (now - c.at > CLAIM_FRESH_MS) return null;
  return c.answer as Promise<T | null>;
}

/** Tests: forgets every claim. */
export function resetPreloadsForTests(): void {
  claimed.clear();
}

/** `ask()`, unless the page shell preloaded `url` and its answer can still be taken (see takePreloaded). */
export async function preloadedOr<T>(url: string, ask: () => Promise<T>): Promise<T> {
  const taken = takePreloaded<T>(url);
  return (taken ? await taken : null) ?? ask();
}
