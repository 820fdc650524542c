import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlacklistEntry } from '@parley/contracts/broadcasts';
import { as, createTestApp, json, login, type TestContext } from '../test/test-app';
import { createSecretBox } from './platform/secrets';
import { seedDemo } from './seed';
import { DEMO_BLACKLISTED_NUMBER } from './seed-broadcast';

type Envelope<T> = { status: boolean; data: T };

describe('demo broadcast seed', () => {
  let context: TestContext;
  let token: string;

  beforeAll(async () => {
    context = await createTestApp();
    const seeded = await seedDemo(context.database, {
      dataDir: context.config.dataDir,
      scryptLogN: 10,
      secrets: createSecretBox('test-secret-key-0123456789'),
    });
    token = await login(context, seeded.login!.email, seeded.login!.password);
  });
  afterAll(async () => {
    await context?.close();
  });

  const get = async <T>(url: string) =>
    json<Envelope<T>>(await context.app.inject({ method: 'GET', url, headers: as(token) })).data;

  it('prices the three categories for India and North America in rupees', async () => {
    const card = await get<{ currency: string; rates: { country: string; category: string }[] }>('/api/rate-card');
    expect(card.currency).toBe('INR');
    expect(card.rates.map((rate) => `${rate.country} ${rate.category}`)).toEqual([
      '1 AUTHENTICATION',
      '1 MARKETING',
      '1 UTILITY',
      '91 AUTHENTICATION',
      '91 MARKETING',
      '91 UTILITY',
    ]);
  });

  it('blacklists one demo customer, so the pre-send check has a blocked number to show', async () => {
    const { blacklist } = await get<{ blacklist: BlacklistEntry[] }>('/api/blacklist');
    expect(blacklist).toEqual([
      expect.objectContaining({ phoneNumber: DEMO_BLACKLISTED_NUMBER, source: 'manual', createdBy: 'Demo Admin' }),
    ]);
    const { customers } = await get<{ customers: { phoneNumber: string }[] }>(
      `/api/customers?search=${DEMO_BLACKLISTED_NUMBER.slice(3)}`,
    );
    expect(customers.map((customer) => customer.phoneNumber)).toContain(DEMO_BLACKLISTED_NUMBER);
  });
});
