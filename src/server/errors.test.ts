import type { FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signInBodySchema, signUpBodySchema } from '../shared/schemas/auth';
import { isGenericZodMessage, validationErrorBody } from './errors';

/** The validation entries exactly as the route validator (fastify-type-provider-zod) hands them to the error handler. */
function validationOf(schema: z.ZodType, data: unknown): FastifySchemaValidationError[] {
  const out = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' })(data) as {
    error?: FastifySchemaValidationError[];
  };
  if (!out.error) throw new Error('expected a validation failure');
  return out.error;
}

describe('validationErrorBody', () => {
  it('our own messages are the top-level message as they are, without the field name', () => {
    const body = validationErrorBody(validationOf(signInBodySchema, { email: 'a b@c.de', password: 'x' }));
    expect(body).toEqual({
      message: 'Please enter a valid email address',
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
    const signUp = validationErrorBody(validationOf(signUpBodySchema, { firstName: 'Bo', email: 'bo@example.com', password: 'abcdef1!' }));
    expect(signUp.message).toBe('Password must contain at least one uppercase letter');
  });

  it("zod's generic messages keep the field name, which is needed to act on them", () => {
    const schema = z.object({ age: z.number(), profile: z.object({ gender: z.enum(['male', 'female']) }) });
    const typeBody = validationErrorBody(validationOf(schema, { age: 'x', profile: { gender: 'male' } }));
    expect(typeBody.message).toBe('age: Invalid input: expected number, received string');
    expect(typeBody.errors).toEqual([{ field: 'age', message: 'Invalid input: expected number, received string' }]);
    const nested = validationErrorBody(validationOf(schema, { age: 3, profile: { gender: 'x' } }));
    expect(nested.message).toBe('profile.gender: Invalid option: expected one of "male"|"female"');
    const tooBig = validationErrorBody(validationOf(z.object({ n: z.number().max(3) }), { n: 4 }));
    expect(tooBig.message).toBe('n: Too big: expected number to be <=3');
  });

  it('a custom message that happens to look like the start of a generic one is still ours', () => {
    const schema = z.object({ n: z.number({ error: 'Invalid input: send the count as a number' }) });
    const [v] = validationOf(schema, { n: 'x' });
    expect(isGenericZodMessage(v!)).toBe(false);
    expect(validationErrorBody([v!]).message).toBe('Invalid input: send the count as a number');
  });

  it('a missing or non-object body says to send a JSON object', () => {
    expect(validationErrorBody(validationOf(signInBodySchema, undefined))).toEqual({
      message: 'The request body must be a JSON object',
      errors: [{ field: '', message: 'The request body must be a JSON object' }],
    });
  });

  it('lists each distinct field problem once', () => {
    const schema = z.object({
      p: z
        .string()
        .max(3, 'Too long')
        .refine((s) => s.length <= 3, 'Too long'),
      q: z.string().min(2, 'Too short'),
    });
    const validation = validationOf(schema, { p: 'abcdef', q: 'a' });
    expect(validation).toHaveLength(3);
    expect(validationErrorBody(validation)).toEqual({
      message: 'Too long',
      errors: [
        { field: 'p', message: 'Too long' },
        { field: 'q', message: 'Too short' },
      ],
    });
  });

  it('the same message on two different fields is kept for each', () => {
    const schema = z.object({ a: z.string({ error: 'Required' }), b: z.string({ error: 'Required' }) });
    expect(validationErrorBody(validationOf(schema, {})).errors).toEqual([
      { field: 'a', message: 'Required' },
      { field: 'b', message: 'Required' },
    ]);
  });
});
