import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Responses are written from the route's zod contract in one of two ways:
 * - strict (development and tests): zod encodes and checks every response, so a response that
 *   breaks its contract fails loudly;
 * - fast (production): the contract is turned into JSON Schema once per route and compiled with
 *   fast-json-stringify. It writes only the properties the contract names, so columns outside the
 *   contract still never leak (docs/decisions/002).
 */
export function createResponseSerializerCompiler(strict: boolean): FastifySerializerCompiler<unknown> {
  if (strict) return zodSerializerCompiler as FastifySerializerCompiler<unknown>;
  return (routeSchema) => {
    const schema = routeSchema.schema;
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'any',
      target: 'draft-7',
    });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  };
}
