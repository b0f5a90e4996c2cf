import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';

/** A known failure with the HTTP status and the message a person can act on. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields merged into the JSON body (e.g. requiresVerification). */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Forbidden', extra?: Record<string, unknown>) => new AppError(403, message, extra);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, message, extra);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too Many Requests') =>
  new AppError(429, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** zod's own English message for an issue (what it says when the schema gave no message of its own). */
const zodDefaults = z.locales.en();
function zodDefaultMessage(v: FastifySchemaValidationError): string | undefined {
  const issue = { ...v.params, code: v.keyword, path: [] } as unknown as Parameters<typeof zodDefaults.localeError>[0];
  const out = zodDefaults.localeError(issue);
  return typeof out === 'string' ? out : out?.message;
}

/**
 * True when the message is zod's generic one ("Invalid input: expected string, received number"), which
 * needs the field name to be acted on. The issue no longer carries the input, so for a wrong type only the
 * part before ", received …" is compared.
 */
export function isGenericZodMessage(v: FastifySchemaValidationError): boolean {
  const fallback = zodDefaultMessage(v);
  if (!fallback || !v.message) return !v.message;
  if (v.keyword === 'invalid_type') {
    const head = (m: string) => m.replace(/, received .*$/, '');
    return head(v.message) === head(fallback);
  }
  return v.message === fallback;
}

export interface ValidationErrorBody {
  message: string;
  errors: Array<{ field: string; message: string }>;
}

/**
 * The 400 body for failed request validation: `errors` lists each distinct field problem; `message` is the
 * first one as a person reads it: our own messages as they are ("Please enter a valid email address"), zod's
 * generic ones with the field they are about ("age: Invalid input: expected number, received string").
 */
export function validationErrorBody(validation: readonly FastifySchemaValidationError[]): ValidationErrorBody {
  const errors: ValidationErrorBody['errors'] = [];
  let message: string | undefined;
  const seen = new Set<string>();
  for (const v of validation) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    // A missing or non-object body fails at the root: say what to send.
    const text =
      !field && /expected object/.test(v.message ?? '') ? 'The request body must be a JSON object' : (v.message ?? 'Invalid value');
    const key = JSON.stringify([field, text]);
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ field, message: text });
    message ??= field && isGenericZodMessage(v) ? `${field}: ${text}` : text;
  }
  return { message: message ?? 'Invalid request', errors };
}
