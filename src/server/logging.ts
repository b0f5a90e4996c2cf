import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';

/**
 * Query parameters that carry a secret, on any route: e-mail link tokens (`/api/auth/verify-email`,
 * `/verify-email`, `/reset-password`) and the OAuth code and state of the Google callback.
 */
const SECRET_QUERY_PARAMS = new Set(['token', 'code', 'state']);
export const REDACTED = '[redacted]';

/** The URL with the value of every secret query parameter replaced; everything else kept as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      // The name as the query parser reads it (percent-decoded, any letter case): `%74oken=` is `token=`.
      const name = [...new URLSearchParams(pair).keys()][0]?.toLowerCase() ?? '';
      if (!SECRET_QUERY_PARAMS.has(name)) return pair;
      const eq = pair.indexOf('=');
      return `${eq < 0 ? pair : pair.slice(0, eq)}=${REDACTED}`;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** The request as the request log shows it: Fastify's default fields, with secrets in the query redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

// A type, not an interface: pino's serializer type wants an index signature.
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
};

const MAX_CAUSE_DEPTH = 5;
const stringField = (e: Record<string, unknown>, key: string) => (typeof e[key] === 'string' ? e[key] : undefined);

/**
 * An error as the log shows it: its class, code and message, the database's constraint/table/column, its stack
 * frames and its causes, and nothing else. A database error's query parameters (an e-mail, a password hash) and
 * its `detail` ("Key (email)=(…)", "Failing row contains (…)") are left out: Drizzle puts the parameters in its
 * message (and so in its stack), PGlite attaches them as `params`, PostgreSQL names the values in `detail`.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    const text = typeof err === 'string' ? err : 'non-error value thrown';
    return { type: typeof err, message: text, stack: '' };
  }
  const e = err as unknown as Record<string, unknown>;
  const type = err.constructor?.name || err.name || 'Error';
  const message = err instanceof DrizzleQueryError ? `Failed query: ${err.query}` : String(err.message);
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    const v = stringField(e, key);
    if (v !== undefined) out[key] = v;
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (depth < MAX_CAUSE_DEPTH) {
    if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
    if (err instanceof AggregateError) out.errors = err.errors.slice(0, 5).map((x: unknown) => serializeError(x, depth + 1));
  }
  return out;
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's logger options with the serializers above for `req` and `err` (they win over any given ones): every
 * logger the app makes, in main.ts or in tests, keeps tokens and query parameters out of the log.
 */
export function withSafeSerializers(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: serializeRequest, err: (e: unknown) => serializeError(e) } };
}
