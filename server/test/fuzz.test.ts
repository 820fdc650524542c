import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { listRoutes, type RegisteredRoute } from '../src/platform/request-hooks';
import { as, createTenant, createTestApp, login, type Tenant, type TestContext } from './test-app';

/**
 * Property-based fuzzing of every route's request from its zod contract: values shaped like the
 * contract (so they reach the service) mixed with arbitrary JSON (so they probe validation).
 * Whatever the input, the server never answers 5xx.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean | JsonSchema;
};

function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => arbitraryFor(variant, depth + 1)));
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 300) }),
        fc.stringMatching(/^\d{6}$/),
        fc.constantFrom('', ' ', 'pass1', '\u0000', "'; drop table users; --", '👍🏽'.repeat(10), 'x'.repeat(5000)),
      );
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(entries.map(([key, value]) => [key, arbitraryFor(value, depth + 1)])), {
        requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Shaped values most of the time, anything at all otherwise. */
function inputFor(schema: unknown): fc.Arbitrary<unknown> {
  const shaped = arbitraryFor(jsonSchemaOf(schema));
  return fc.oneof({ arbitrary: shaped, weight: 3 }, { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 });
}

function toQuery(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value))
    params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  return `?${params.toString()}`;
}

let context: TestContext;
let admin: Tenant;
let routes: RegisteredRoute[];

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
  routes = listRoutes(context.app).filter(
    (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/ws',
  );
});
afterAll(async () => {
  await context?.close();
});

describe('fuzzing every route from its contract', () => {
  it('never answers 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const hasInput = route.schema.body || route.schema.querystring || route.schema.params;
      await fc
        .assert(
          fc.asyncProperty(
            inputFor(route.schema.body),
            inputFor(route.schema.querystring),
            fc.oneof(fc.uuid(), fc.string({ maxLength: 60 })),
            fc.boolean(),
            async (body, query, param, signedIn) => {
              // Sign-out and revocation routes end the session the fuzzer uses: sign in again when they do.
              const me = await context.app.inject({ method: 'GET', url: '/api/account/me', headers: as(admin.token) });
              if (me.statusCode === 401) admin = { ...admin, token: await login(context, admin.email) };
              const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(param) || 'x') + toQuery(query);
              const response = await context.app.inject({
                method: route.method as 'POST',
                url,
                ...(route.method === 'GET' || route.method === 'DELETE'
                  ? {}
                  : { payload: JSON.stringify(body ?? null) }),
                headers: { 'content-type': 'application/json', ...(signedIn ? as(admin.token) : {}) },
              });
              if (response.statusCode >= 500)
                failures.push(
                  `${route.method} ${url} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`,
                );
              return response.statusCode < 500;
            },
          ),
          { numRuns: hasInput ? 40 : 5, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000) },
        )
        .catch(() => undefined);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
