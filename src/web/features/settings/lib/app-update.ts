import { APP_VERSION } from '@shared/version';
import { wipeBrowserData } from '@web/lib/browser-data';

/** The app update check on /settings (spec part 2 §4 "App update"). */
export type UpdateState = 'idle' | 'checking' | 'available' | 'upToDate' | 'updating';

/** The progress steps of an update, in order. */
export const UPDATE_PROGRESS_STEPS = [10, 25, 50, 75, 95, 100] as const;
export type UpdateProgress = (typeof UPDATE_PROGRESS_STEPS)[number];

/** How long the new worker may take to take control (spec part 1 §9: service-worker wait 10 s). */
export const WORKER_WAIT_MS = 10_000;
/** How long each progress step stays on screen at least. */
export const STEP_SHOWN_MS = 150;
/** The redirect to / this long after the last step. */
export const REDIRECT_DELAY_MS = 1_000;

/** The message the page posts to a waiting worker (src/web/sw/sw.ts answers it with skipWaiting). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

export const UPDATE_FAILED = { title: 'Update Failed', description: 'Failed to update the app. Please try again.' } as const;

/** Available when the server runs another version than this build, or a newer worker is already waiting. */
export function isUpdateAvailable(serverVersion: string | null, builtIn: string, workerWaiting: boolean): boolean {
  return workerWaiting || (serverVersion !== null && serverVersion !== builtIn);
}

/** GET /api/version (never from a cache). A failed check answers null: reported as up to date (spec §8). */
export async function fetchServerVersion(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchFn('/api/version', { cache: 'no-store', credentials: 'include' });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: unknown };
    return typeof body.version === 'string' ? body.version : null;
  } catch {
    return null;
  }
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    return (await navigator.serviceWorker.getRegistration('/')) ?? null;
  } catch {
    return null;
  }
}

/** Waits until `reg` has an installed worker waiting, or no worker is installing any more. */
function settledInstall(reg: ServiceWorkerRegistration, timeoutMs: number): Promise<void> {
  const installing = reg.installing;
  if (!installing) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      installing.removeEventListener('statechange', onChange);
      resolve();
    };
    const onChange = () => {
      if (installing.state !== 'installing') done();
    };
    const timer = setTimeout(done, timeoutMs);
    installing.addEventListener('statechange', onChange);
  });
}

/** Asks the browser for a newer /sw.js; true when one is installed and waiting. Failures count as none. */
export async function findWaitingWorker(): Promise<boolean> {
  const reg = await registration();
  if (!reg) return false;
  try {
    await reg.update();
  } catch {
    // Offline or the script failed: no newer worker.
  }
  await settledInstall(reg, WORKER_WAIT_MS);
  return reg.waiting !== null;
}

/** The check: server version and a waiting worker, in parallel. */
export async function checkForUpdate(builtIn = APP_VERSION): Promise<'available' | 'upToDate'> {
  const [server, waiting] = await Promise.all([fetchServerVersion(), findWaitingWorker()]);
  return isUpdateAvailable(server, builtIn, waiting) ? 'available' : 'upToDate';
}

/** A waiting worker takes control: skipWaiting is asked for, and the page waits for controllerchange (10 s at most). */
async function activateWaitingWorker(reg: ServiceWorkerRegistration): Promise<void> {
  const waiting = reg.waiting;
  if (!waiting) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      navigator.serviceWorker.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, WORKER_WAIT_MS);
    navigator.serviceWorker.addEventListener('controllerchange', done);
    waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
  });
}

export interface UpdateDeps {
  onProgress: (p: UpdateProgress) => void;
  /** Where the page goes at the end (default: location.replace). */
  redirect?: (to: string) => void;
  /** Waits (default setTimeout). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The update (spec part 2 §4): refresh the service worker (update, and a waiting one takes control), then the
 * one browser-data wipe of an update (lib/browser-data 'app-update': every cache but the new precache, local
 * storage but the session, theme, developer mode and push renewal keys), then go to / after 1 s. Progress
 * 10 → 25 → 50 → 75 → 95 → 100. Throws when a step fails (the screen shows 'Update Failed').
 */
export async function applyUpdate({ onProgress, redirect = (to) => window.location.replace(to), sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: UpdateDeps): Promise<void> {
  // Each step is shown for a moment (a fast step would otherwise be rendered together with the next).
  const step = async (p: UpdateProgress) => {
    onProgress(p);
    await sleep(STEP_SHOWN_MS);
  };
  await step(10);
  const reg = await registration();
  if (reg) {
    await reg.update().catch(() => undefined);
    await settledInstall(reg, WORKER_WAIT_MS);
  }
  await step(25);
  if (reg) await activateWaitingWorker(reg);
  await step(50);
  await wipeBrowserData('app-update');
  await step(75);
  await step(95);
  onProgress(100);
  await sleep(REDIRECT_DELAY_MS);
  redirect('/');
}
