import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, json, login, type TestContext } from '../../../test/test-app';
import { seedDemo } from '../../seed';

describe('demo customers', () => {
  let context: TestContext;
  let token: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-seed-customers-'));
  const get = async <T>(url: string) =>
    json<{ status: boolean; data: T }>(await context.app.inject({ method: 'GET', url, headers: as(token) }));

  beforeAll(async () => {
    context = await createTestApp();
    const seeded = await seedDemo(context.database, { dataDir, scryptLogN: 10 });
    token = await login(context, seeded.login!.email, seeded.login!.password);
  });
  afterAll(async () => {
    await context.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the demo enterprise four attributes, two segments with true counts, a group and 25 customers', async () => {
    const fields = await get<{ fields: { fieldName: string }[] }>('/api/customer-fields');
    expect(fields.data.fields.map((field) => field.fieldName)).toEqual([
      'name',
      'phoneNumber',
      'City',
      'Email',
      'Plan',
      'Notes',
    ]);

    const segments = await get<{ segments: { id: string; name: string; count: number }[] }>('/api/customer-segments');
    expect(segments.data.segments.map((segment) => segment.name)).toEqual(['Newsletter', 'VIP']);
    for (const segment of segments.data.segments) {
      const members = await get<{ customers: unknown[] }>(`/api/customers?tags=${segment.id}&perPage=100`);
      expect(members.data.customers.length, segment.name).toBe(segment.count);
      expect(segment.count).toBeGreaterThan(0);
    }
    const groups = await get<{ groups: { name: string }[] }>('/api/customer-groups');
    expect(groups.data.groups).toHaveLength(1);

    const all = await get<{ customers: { phoneNumber: string; details: Record<string, string> }[] }>(
      '/api/customers?perPage=100',
    );
    expect(all.data.customers).toHaveLength(25);
    for (const customer of all.data.customers) expect(customer.phoneNumber).toMatch(/^\+91[6-9]\d{9}$/);
    expect(new Set(all.data.customers.map((customer) => customer.phoneNumber)).size).toBe(25);
  });
});
