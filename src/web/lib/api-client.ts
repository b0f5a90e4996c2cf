/**
 * The one fetch wrapper of the client (spec part 1 §7 and §8 "Generic").
 * Every call sends credentials and JSON; a non-success answer is raised as an ApiError whose message reads
 * '{status}: {message}' (JSON message field, else the raw text, else the status text).
 * A 401 on an authentication page carries only the server message; elsewhere the browser is sent to
 * /signin with 'Session expired - redirecting...', unless the caller asked for null on 401; before it goes, session
 * and local storage are cleared (the theme preference stays).
 */
import { clearLocalStateKeepingTheme } from './local-state';

export const SESSION_EXPIRED_MESSAGE = 'Session expired - redirecting...';
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export class ApiError extends Error {
  readonly status: number;
  /** The message the server sent (or the raw text / status text), without the status prefix. */
  readonly serverMessage: string;
  /** The parsed JSON body, when there was one. */
  readonly body: unknown;
  constructor(status: number, message: string, serverMessage: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
  /** True when the server flagged the answer with requiresVerification. */
  get requiresVerification(): boolean {
    return isRecord(this.body) && this.body.requiresVerification === true;
  }
}

/** Raised when the request never got an answer (offline, DNS, refused). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super(NETWORK_ERROR_MESSAGE, { cause });
    this.name = 'NetworkError';
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The sign-in, sign-up and login paths are the authentication pages. */
export function isAuthPage(pathname: string): boolean {
  return /signin|signup|login/.test(pathname);
}

/** Reads the human message of a failed answer: JSON message field, else raw text, else status text. */
export function messageFromBody(text: string, statusText: string): { message: string; body: unknown } {
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (isRecord(body) && typeof body.message === 'string' && body.message) return { message: body.message, body };
  if (text && body === undefined) return { message: text, body };
  return { message: statusText || 'Request failed', body };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON with a JSON content type. */
  body?: unknown;
  /** Answer null instead of redirecting when the server says 401 (used by the current-user query). */
  on401?: 'redirect' | 'null';
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Hooks the browser behaviour; replaced in unit tests. */
export const apiEnvironment = {
  pathname: (): string => (typeof window === 'undefined' ? '/' : window.location.pathname),
  redirect: (to: string): void => {
    if (typeof window !== 'undefined') window.location.href = to;
  },
  fetch: (input: string, init: RequestInit): Promise<Response> => fetch(input, init),
  sessionLost: (): void => clearLocalStateKeepingTheme(),
};

export async function apiRequest<T>(path: string, opts: RequestOptions & { on401: 'null' }): Promise<T | null>;
export async function apiRequest<T>(path: string, opts?: RequestOptions): Promise<T>;
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T | null> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const init: RequestInit = { method: opts.method ?? 'GET', credentials: 'include', headers, signal: opts.signal };
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await apiEnvironment.fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  return readApiResponse<T>(res, opts);
}

/**
 * An answer read the way apiRequest reads it (errors, 401, JSON); also for an answer fetched beforehand (the page
 * shell's preloads: lib/preloaded.ts).
 */
export async function readApiResponse<T>(res: Response, opts: Pick<RequestOptions, 'on401'> & { on401: 'null' }): Promise<T | null>;
export async function readApiResponse<T>(res: Response, opts?: Pick<RequestOptions, 'on401'>): Promise<T>;
export async function readApiResponse<T>(res: Response, opts: Pick<RequestOptions, 'on401'> = {}): Promise<T | null> {
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    const { message, body } = messageFromBody(text, res.statusText);
    if (res.status === 401) {
      if (opts.on401 === 'null') return null;
      const pathname = apiEnvironment.pathname();
      if (isAuthPage(pathname)) throw new ApiError(401, message, message, body);
      if (pathname !== '/signin') {
        // The session is gone: what this browser kept for it goes before the page does (spec part 1 §4.1 asks it of
        // the dashboard's reads; a redirect started here could otherwise unload the page before the dashboard's own
        // session-failure handling has run).
        apiEnvironment.sessionLost();
        apiEnvironment.redirect('/signin');
      }
      throw new ApiError(401, SESSION_EXPIRED_MESSAGE, message, body);
    }
    throw new ApiError(res.status, `${res.status}: ${message}`, message, body);
  }
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>(path, { method: 'POST', body: body ?? {}, ...(headers ? { headers } : {}) }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** A readable message for any error thrown by a call. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
