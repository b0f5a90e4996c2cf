import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors';

/**
 * The one JSON body parser of the API (every route's `application/json` body goes through it; the Stripe webhook's
 * scope keeps its raw bytes). It admits only real text, before any route or schema sees the body:
 * - the body must be UTF-8 (a `charset` other than UTF-8 → 415; bytes that are not UTF-8 → 400);
 * - no string or key may hold a lone UTF-16 surrogate (`"\ud800x"`): JSON.parse accepts such escapes, and the
 *   database, an e-mail or a job payload would otherwise store U+FFFD or refuse the text (a 500) → 400 naming the field;
 * - nesting deeper than MAX_JSON_DEPTH → 400;
 * - `__proto__` keys, and `constructor` keys holding a `prototype`, → 400 (as Fastify's own parser does).
 */
export const MAX_JSON_DEPTH = 64;

export const JSON_BODY_MESSAGES = {
  charset: 'Send the request body as UTF-8 JSON (Content-Type: application/json; charset=utf-8)',
  notUtf8: 'The request body is not valid UTF-8 text',
  empty: 'The request body is empty: send a JSON object, or no Content-Type header',
  invalid: 'The request body is not valid JSON',
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  loneSurrogate: 'Text must be valid Unicode: it holds a lone UTF-16 surrogate (\\ud800–\\udfff) that is not part of a pair',
  prototypeKey: 'The request body may not use the keys __proto__ or constructor.prototype',
  noBody: 'This request takes no body: send {} or nothing',
} as const;

/** A lone surrogate: in `u` mode a well-formed pair is one code point and does not match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** String.prototype.isWellFormed (Node 20+; not in the ES2023 lib types): far faster than the pattern on long text. */
const nativeWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** True when the string is well-formed Unicode (no lone UTF-16 surrogate). */
export const isWellFormedText = (s: string): boolean => (nativeWellFormed ? nativeWellFormed.call(s) : !LONE_SURROGATE.test(s));

const utf8 = new TextDecoder('utf-8', { fatal: true });

const bad = (message: string, field = '') => new AppError(400, field ? `${field}: ${message}` : message, { errors: [{ field, message }] });

/** The charset parameter of a Content-Type header, lower-cased and unquoted, or null when there is none. */
function charsetOf(contentType: string | undefined): string | null {
  const m = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '');
  return m ? m[2]!.toLowerCase() : null;
}

/**
 * Throws the 400 for nesting deeper than MAX_JSON_DEPTH, for the first string or key that is not real text, or for a
 * prototype key. Walks without recursion (JSON.parse itself does not recurse either, so any depth parses).
 */
function checkValue(root: unknown): void {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: root, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) throw bad(JSON_BODY_MESSAGES.loneSurrogate, path);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw bad(JSON_BODY_MESSAGES.tooDeep);
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: path ? `${path}.${i}` : String(i), depth: depth + 1 }));
      continue;
    }
    for (const [k, item] of Object.entries(v)) {
      if (!isWellFormedText(k)) throw bad(JSON_BODY_MESSAGES.loneSurrogate, path || '(a key)');
      if (k === '__proto__') throw bad(JSON_BODY_MESSAGES.prototypeKey, path);
      if (k === 'constructor' && item !== null && typeof item === 'object' && Object.hasOwn(item, 'prototype')) {
        throw bad(JSON_BODY_MESSAGES.prototypeKey, path);
      }
      stack.push({ v: item, path: path ? `${path}.${k}` : k, depth: depth + 1 });
    }
  }
}

/** Parses a JSON request body as described above; throws the 4xx AppError otherwise. */
export function parseJsonBody(contentType: string | undefined, body: Buffer): unknown {
  const charset = charsetOf(contentType);
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') throw new AppError(415, JSON_BODY_MESSAGES.charset);
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw bad(JSON_BODY_MESSAGES.notUtf8);
  }
  if (text.trim() === '') throw bad(JSON_BODY_MESSAGES.empty);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(JSON_BODY_MESSAGES.invalid);
  }
  checkValue(value);
  return value;
}

/** Replaces Fastify's JSON parser on the root instance (before routes are registered, so every scope inherits it). */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer, done) => {
    try {
      done(null, parseJsonBody(req.headers['content-type'], body));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for a body that says nothing: none, `{}` or `null`. */
const isEmptyBody = (body: unknown) =>
  body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

/**
 * A state-changing route that declares no body schema takes no body: `{}` (what the client sends) or nothing. Anything
 * else is refused with a 400 before the handler runs, so a stray or malformed body never performs the action. Routes
 * that read their raw bytes (the Stripe webhook, a Buffer) are left alone. Install before the routes are registered.
 */
export function refuseBodiesWhereNoneIsTaken(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m)) || (route.schema as { body?: unknown } | undefined)?.body) return;
    const check = async (req: FastifyRequest) => {
      if (!Buffer.isBuffer(req.body) && !isEmptyBody(req.body)) throw bad(JSON_BODY_MESSAGES.noBody);
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [...(Array.isArray(existing) ? existing : [existing]), check] : [check];
  });
}
