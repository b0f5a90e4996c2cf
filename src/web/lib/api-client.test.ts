import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ApiError, NetworkError, SESSION_EXPIRED_MESSAGE, api, apiEnvironment, isAuthPage, messageFromBody } from './api-client';

const original = { ...apiEnvironment };
let redirects: string[];
let pathname: string;
let requests: Array<{ url: string; init: RequestInit }>;

function answer(status: number, body: string, statusText = '') {
  apiEnvironment.fetch = async (url, init) => {
    requests.push({ url, init });
    return new Response(body || null, { status, statusText });
  };
}

beforeEach(() => {
  redirects = [];
  requests = [];
  pathname = '/account';
  apiEnvironment.pathname = () => pathname;
  apiEnvironment.redirect = (to) => redirects.push(to);
  apiEnvironment.sessionLost = () => redirects.push('local state cleared');
});
afterEach(() => Object.assign(apiEnvironment, original));

describe('error text: {status}: {message}', () => {
  test('uses the JSON message field', async () => {
    answer(409, JSON.stringify({ message: 'This email is already registered. Please sign in instead.' }));
    const err = await api.post('/api/auth/signup', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: This email is already registered. Please sign in instead.');
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).serverMessage).toBe('This email is already registered. Please sign in instead.');
  });
  test('falls back to the raw text, then the status text', async () => {
    answer(502, 'Bad gateway from proxy');
    expect(((await api.get('/x').catch((e: unknown) => e)) as ApiError).message).toBe('502: Bad gateway from proxy');
    answer(503, '', 'Service Unavailable');
    expect(((await api.get('/x').catch((e: unknown) => e)) as ApiError).message).toBe('503: Service Unavailable');
    answer(500, JSON.stringify({ error: 'no message field' }), 'Internal Server Error');
    expect(((await api.get('/x').catch((e: unknown) => e)) as ApiError).message).toBe('500: Internal Server Error');
  });
  test('keeps the body so flags like requiresVerification can be read', async () => {
    answer(403, JSON.stringify({ message: 'Please verify your email address before signing in.', requiresVerification: true }));
    const err = (await api.post('/api/auth/signin', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.requiresVerification).toBe(true);
    expect(err.message).toBe('403: Please verify your email address before signing in.');
  });
  test('messageFromBody', () => {
    expect(messageFromBody('{"message":"m"}', 'S')).toMatchObject({ message: 'm' });
    expect(messageFromBody('', 'Not Found')).toMatchObject({ message: 'Not Found' });
    expect(messageFromBody('', '')).toMatchObject({ message: 'Request failed' });
  });
});

describe('401 handling', () => {
  test('outside the auth pages: local state cleared, then a full redirect to /signin and "Session expired - redirecting..."', async () => {
    answer(401, JSON.stringify({ message: 'Unauthorized' }));
    const err = (await api.get('/api/streak').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe(SESSION_EXPIRED_MESSAGE);
    expect(err.status).toBe(401);
    // Cleared before the page is left: the navigation cannot win over the clearing (spec part 1 §4.1).
    expect(redirects).toEqual(['local state cleared', '/signin']);
  });
  test('on an auth page: only the server message, no redirect', async () => {
    for (const p of ['/signin', '/login', '/signup']) {
      pathname = p;
      answer(401, JSON.stringify({ message: 'Wrong password. Please try again.' }));
      const err = (await api.post('/api/auth/signin', {}).catch((e: unknown) => e)) as ApiError;
      expect(err.message).toBe('Wrong password. Please try again.');
    }
    expect(redirects).toEqual([]);
  });
  test('null on 401 when the caller asks for it', async () => {
    answer(401, JSON.stringify({ message: 'Unauthorized' }));
    expect(await api.get('/api/auth/user', { on401: 'null' })).toBeNull();
    expect(redirects).toEqual([]);
  });
  test('isAuthPage', () => {
    expect(['/signin', '/login', '/signup'].every(isAuthPage)).toBe(true);
    expect(['/', '/account', '/verify-email', '/forgot-password'].some(isAuthPage)).toBe(false);
  });
});

describe('requests', () => {
  test('credentials included, JSON body with a JSON content type, JSON answer parsed', async () => {
    answer(200, JSON.stringify({ ok: 1 }));
    expect(await api.post('/api/auth/signin', { email: 'a@b.co' })).toEqual({ ok: 1 });
    const { init } = requests[0]!;
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });
  test('a GET sends no body; an empty answer is undefined', async () => {
    answer(200, '');
    expect(await api.get('/api/x')).toBeUndefined();
    expect(requests[0]!.init.body).toBeUndefined();
  });
  test('no answer at all becomes a NetworkError', async () => {
    apiEnvironment.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(api.get('/api/x')).rejects.toBeInstanceOf(NetworkError);
  });
});
