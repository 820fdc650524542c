import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@parley/contracts/envelope';
import { loginResult } from '@parley/contracts/account';
import { createResponseSerializerCompiler } from './response-serializer';

const contract = envelope(z.object({ id: z.uuid(), name: z.string(), createdAt: z.string() }));
const row = {
  status: true,
  message: 'Success',
  data: {
    id: '0b9d9a47-3a55-4b0e-9e55-1a2f3c4d5e6f',
    name: 'Asha',
    createdAt: '2026-11-21T10:00:00.000Z',
    passwordHash: 'scrypt$secret',
  },
};

function compile(strict: boolean, schema: z.ZodType) {
  return createResponseSerializerCompiler(strict)({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
}

describe.each([
  ['strict (zod)', true],
  ['fast (production)', false],
])('response serializer, %s', (_name, strict) => {
  it('writes only what the contract names: other columns never leak', () => {
    const written = JSON.parse(compile(strict, contract)(row));
    expect(written).toEqual({
      status: true,
      message: 'Success',
      data: { id: row.data.id, name: 'Asha', createdAt: row.data.createdAt },
    });
    expect(JSON.stringify(written)).not.toContain('scrypt');
  });

  it('writes nullable values as null or as their value', () => {
    const serialize = compile(
      strict,
      envelope(z.object({ userId: z.uuid().nullable(), count: z.number().nullable() })),
    );
    const written = { status: true, message: 'Success', data: { userId: null, count: 3 } };
    expect(JSON.parse(serialize(written))).toEqual(written);
    const other = { status: true, message: 'Success', data: { userId: row.data.id, count: null } };
    expect(JSON.parse(serialize(other))).toEqual(other);
  });

  it('writes each branch of a discriminated union', () => {
    const serialize = compile(strict, envelope(loginResult));
    const twoFactor = { status: true, message: 'Success', data: { state: 'twoFactor', challengeId: 'abc' } };
    expect(JSON.parse(serialize(twoFactor))).toEqual(twoFactor);
  });
});

describe('strict mode', () => {
  it('refuses a response that breaks its contract', () => {
    expect(() => compile(true, contract)({ ...row, data: { ...row.data, id: 42 } })).toThrow();
  });
});
