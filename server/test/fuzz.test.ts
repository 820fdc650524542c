import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { files } from '../src/db/schema/platform';
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

/** Text no client should send: unpaired surrogates (high, low, reversed pair), NUL and other control characters. */
const badStrings = [
  'Hello \ud800 there.',
  '\udc00',
  'x\udc00\ud800y',
  'bad\u0000name',
  'bell\u0007 escape\u001b[31m del\u007f c1\u0085',
];

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
        fc.constantFrom(...badStrings),
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
    // About 30 s of CPU; the margin is for a shared, loaded machine.
  }, 240_000);
});

/**
 * One request body shaped like the contract, every plain string field holding `text` (formatted
 * strings, numbers and enums stay valid so the body gets past validation to the service and the
 * database).
 */
function shapedWith(schema: JsonSchema | undefined, text: string, depth = 0): unknown {
  if (!schema || depth > 6) return text;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0])
    return shapedWith(variants.find((variant) => variant.type !== 'null') ?? variants[0], text, depth + 1);
  if (schema.allOf?.[0]) return shapedWith(schema.allOf[0], text, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const formatted: Record<string, string> = {
        uuid: crypto.randomUUID(),
        email: 'fuzz@example.com',
        'date-time': new Date().toISOString(),
        date: '2026-01-01',
        uri: 'https://example.com/a',
      };
      if (schema.format && formatted[schema.format]) return formatted[schema.format];
      return text.padEnd(schema.minLength ?? 0, 'x');
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return [shapedWith(schema.items, text, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, shapedWith(value, text, depth + 1)]),
      );
    default:
      return text;
  }
}

/** Percent-encoded forms of the bad strings for URLs (a lone surrogate has no UTF-8: its WTF-8 bytes). */
const badUrlValues = ['%ED%A0%80', 'x%ED%B0%80y', 'bad%00name', 'bell%07%1B%5B31m', '%C0%AF', '%'];

function queryWith(schema: unknown, value: string): string {
  const keys = Object.keys(jsonSchemaOf(schema)?.properties ?? {});
  return keys.length === 0 ? `?q=${value}` : `?${keys.map((key) => `${key}=${value}`).join('&')}`;
}

/** Broken multipart bodies: each names the boundary it claims in its content type. */
function brokenMultipart(field: string): { label: string; contentType: string; payload: Buffer }[] {
  const boundary = 'fuzzb0undary';
  const type = `multipart/form-data; boundary=${boundary}`;
  const head = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`;
  const whole = (name: string) =>
    Buffer.from(`${head(name)}Phone Number,Name\n+919812345678,Asha\n\r\n--${boundary}--\r\n`);
  return [
    {
      label: 'another boundary than the body',
      contentType: 'multipart/form-data; boundary=somethingelse',
      payload: whole('a.csv'),
    },
    { label: 'no boundary parameter', contentType: 'multipart/form-data', payload: whole('a.csv') },
    {
      label: 'an overlong boundary',
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      payload: whole('a.csv'),
    },
    { label: 'a truncated part', contentType: type, payload: Buffer.from(`${head('a.csv')}Phone Number,Na`) },
    {
      label: 'a part without headers',
      contentType: type,
      payload: Buffer.from(`--${boundary}\r\n\r\nPhone Number\n+919812345678\r\n--${boundary}--\r\n`),
    },
    {
      label: 'part headers that never end',
      contentType: type,
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"`),
    },
    { label: 'no parts at all', contentType: type, payload: Buffer.from(`--${boundary}--\r\n`) },
    { label: 'not multipart at all', contentType: type, payload: Buffer.from('{"name":"json"}') },
    { label: 'a NUL in the file name', contentType: type, payload: whole('bad\u0000name.csv') },
    { label: 'control characters in the file name', contentType: type, payload: whole('bell\u0007\u001b[31m.csv') },
    { label: 'an unpaired surrogate in the file name', contentType: type, payload: whole('x\ud800.csv') },
  ];
}

/** Files on disk that no row of the files table knows: what a failed upload must never leave. */
async function orphanFiles(): Promise<string[]> {
  const root = path.join(context.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  const known = new Set(
    (await context.database.db.select({ key: files.storageKey }).from(files)).map((row) => path.normalize(row.key)),
  );
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((key) => !known.has(key));
}

describe('malformed input on every route', () => {
  const failures: string[] = [];
  /** Sends one request as the signed-in admin (signing in again if a route ended the session). */
  async function send(route: RegisteredRoute, url: string, payload: string | Buffer | undefined, contentType: string) {
    const response = await context.app.inject({
      method: route.method as 'POST',
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { 'content-type': contentType, ...as(admin.token) },
    });
    if (response.statusCode >= 500)
      failures.push(`${route.method} ${url} (${contentType}) → ${response.statusCode} ${response.body}`);
    if (response.statusCode === 401) admin = { ...admin, token: await login(context, admin.email) };
  }
  const withBody = (route: RegisteredRoute) => route.method !== 'GET' && route.method !== 'DELETE';
  const fillParams = (url: string, value: string) => url.replace(/:(\w+)/g, () => value);

  it('invalid UTF-16, NUL and control characters in every string field, query and path parameter', async () => {
    failures.length = 0;
    for (const route of routes) {
      const body = jsonSchemaOf(route.schema.body);
      for (const text of badStrings) {
        const url = fillParams(route.url, crypto.randomUUID());
        if (withBody(route)) await send(route, url, JSON.stringify(shapedWith(body, text) ?? null), 'application/json');
        else
          await send(
            route,
            url + toQuery(shapedWith(jsonSchemaOf(route.schema.querystring), text)),
            undefined,
            'application/json',
          );
      }
      for (const value of badUrlValues) {
        const url = fillParams(route.url, value) + queryWith(route.schema.querystring, value);
        await send(
          route,
          url,
          withBody(route) ? JSON.stringify(shapedWith(body, 'fine') ?? null) : undefined,
          'application/json',
        );
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
  }, 240_000);

  it('broken multipart bodies and bad file names on every route that takes a body, leaving no file behind', async () => {
    failures.length = 0;
    for (const route of routes.filter(withBody)) {
      const url = fillParams(route.url, crypto.randomUUID());
      // Upload routes read "file" (agent documents: "files"); JSON routes get them too.
      for (const field of route.url.endsWith('/documents') ? ['files'] : ['file']) {
        for (const { contentType, payload } of brokenMultipart(field)) await send(route, url, payload, contentType);
      }
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(await orphanFiles()).toEqual([]);
  }, 120_000);
});
