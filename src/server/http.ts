import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJsonStringify from 'fast-json-stringify';
import fp from 'fastify-plugin';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import { z } from 'zod';
import { AppError, forbidden } from './errors';

/**
 * The API's HTTP edge: what every request passes before and after its route, installed on the root instance by
 * app.ts, in three parts below:
 * - the browser-facing defences (`securityPlugin`): helmet's headers on every answer, the cross-site check;
 * - request bodies in (`installJsonBodyParser`, `refuseBodiesWhereNoneIsTaken`): only real text (decision 027);
 * - answers out (`serializerCompiler`): compiled from the route's zod response schema (decision 016).
 */

// The browser-facing defences: in one onRequest pass, helmet's security headers on every answer and the cross-site
// check of a state-changing call (on top of SameSite=Lax cookies).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route called server to server by a third party that proves itself otherwise (Stripe's signed webhook). */
    skipOriginCheck?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies…) on every answer. Our options hold no
 * per-request part (no CSP nonces), so helmet's middleware is run ONCE, against a stand-in response, and the headers
 * it sets are copied onto each reply: @fastify/helmet builds the middleware again for every request, which cost ~4%
 * of a cached read's CPU (decision 016). Tests read the headers of real answers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  helmet(options)({ method: 'GET', url: '/', headers: {} } as never, res as never, (err?: unknown) => {
    if (err) failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

export interface SecurityOptions {
  helmet: HelmetOptions;
  /** The app's own origin (APP_URL's). */
  appUrl: string;
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, opts) => {
    const headers = helmetHeaders(opts.helmet);
    const allowed = new URL(opts.appUrl).origin;
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      // A state-changing call that carries an Origin header must come from the app's own origin (APP_URL) or the
      // host it was addressed to.
      if (SAFE.has(request.method)) return;
      if (request.routeOptions.config?.skipOriginCheck) return;
      const origin = request.headers.origin;
      if (!origin) return;
      if (origin === allowed) return;
      const host = request.headers.host;
      if (host && (origin === `http://${host}` || origin === `https://${host}`)) return;
      throw forbidden('Cross-site request refused');
    });
  },
  { name: 'security' },
);

// Request bodies in: only real text

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

// Answers out: through the route's zod schema, compiled

type ZodSchema = z.ZodType;
type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/** The zod schema a route's response entry holds (a schema, or `{ properties: schema }`). */
function zodOf(schema: unknown): ZodSchema | null {
  if (schema instanceof z.ZodType) return schema;
  const props = (schema as { properties?: unknown } | null)?.properties;
  return props instanceof z.ZodType ? props : null;
}

/**
 * The JSON Schema of a response's zod schema (what it outputs), or null when zod cannot express it as one
 * (transforms, custom types): those routes keep zod's own serializer.
 */
export function responseJsonSchema(schema: ZodSchema): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Responses are written through their zod schema, compiled once per route to a fast-json-stringify function
 * (decision 016): only the properties the contract declares are written, so nothing outside it — a
 * hash, a token, an internal column — can leak, as with zod's serializer; and a missing required property still
 * fails the answer. What it no longer does per answer is validate every value against the schema (zod's encode
 * cost ~10% of a cached read's CPU): the tests hold each route's answers to its schema. Schemas zod cannot express as
 * JSON Schema keep zod's serializer.
 */
/** Routes whose answers zod's serializer writes (their schema has no JSON Schema form): `METHOD url status`. */
export const zodSerializedResponses = new Set<string>();

export const serializerCompiler: FastifySerializerCompiler<ZodSchema> = (route) => {
  const zod = zodOf(route.schema);
  const json = zod ? responseJsonSchema(zod) : null;
  if (json) {
    try {
      const stringify = fastJsonStringify(json as unknown as Parameters<typeof fastJsonStringify>[0]);
      return (data: unknown) => stringify(data as never);
    } catch {
      // fall through to zod's serializer
    }
  }
  zodSerializedResponses.add(`${route.method} ${route.url} ${route.httpStatus}`);
  return zodSerializerCompiler(route as SerializerCompiler);
};
