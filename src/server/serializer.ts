import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

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
