import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/test-app';
import { createRateCardRepository } from './rate-card.repository';
import { createRateCardService, dialCode, rateCardTexts } from './rate-card.service';

/** The rate card through the real app, and the estimate the broadcast reads through the RateCard port. */

let context: TestContext;
let admin: Tenant;

type Card = {
  currency: string;
  rates: { country: string; category: string; rate: number }[];
};
type Answer<T> = { status: boolean; code?: number; message: string; fieldErrors?: Record<string, string>; data: T };

async function call(tenant: Tenant, method: 'GET' | 'PUT', payload?: object) {
  const response = await context.app.inject({ method, url: '/api/rate-card', headers: as(tenant.token), payload });
  return { statusCode: response.statusCode, body: response.json() as Answer<Card> };
}

const indiaAndUs: Card = {
  currency: 'INR',
  rates: [
    { country: '91', category: 'MARKETING', rate: 0.7846 },
    { country: '91', category: 'UTILITY', rate: 0.115 },
    { country: '1', category: 'MARKETING', rate: 2.1 },
  ],
};

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context);
});
afterAll(async () => {
  await context?.close();
});

describe('the rate card', () => {
  it('is empty in rupees until saved, then reads back as saved', async () => {
    expect((await call(admin, 'GET')).body.data).toEqual({ currency: 'INR', rates: [] });
    const saved = await call(admin, 'PUT', indiaAndUs);
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    const expected = {
      currency: 'INR',
      rates: [
        { country: '1', category: 'MARKETING', rate: 2.1 },
        { country: '91', category: 'MARKETING', rate: 0.7846 },
        { country: '91', category: 'UTILITY', rate: 0.115 },
      ],
    };
    expect(saved.body.data).toEqual(expected);
    expect((await call(admin, 'GET')).body.data).toEqual(expected);
  });

  it('is replaced as a whole: rates left out are gone', async () => {
    await call(admin, 'PUT', indiaAndUs);
    const saved = await call(admin, 'PUT', {
      currency: 'USD',
      rates: [{ country: '44', category: 'AUTHENTICATION', rate: '0.0358' }],
    });
    expect(saved.body.data).toEqual({
      currency: 'USD',
      rates: [{ country: '44', category: 'AUTHENTICATION', rate: 0.0358 }],
    });
    await call(admin, 'PUT', indiaAndUs);
  });

  it('refuses a rate given twice, and keeps the card as it was', async () => {
    const { statusCode, body } = await call(admin, 'PUT', {
      currency: 'INR',
      rates: [
        { country: '91', category: 'MARKETING', rate: 1 },
        { country: '91', category: 'MARKETING', rate: 2 },
      ],
    });
    expect(statusCode).toBe(400);
    expect(body.fieldErrors).toEqual({ 'rates.1.country': rateCardTexts.duplicate('91', 'MARKETING') });
    expect((await call(admin, 'GET')).body.data.rates).toHaveLength(3);
  });

  it('checks each rate: a dial code, a known category, a price from 0 to 1000', async () => {
    const { statusCode, body } = await call(admin, 'PUT', {
      currency: 'EUR',
      rates: [
        { country: '+91', category: 'MARKETING', rate: 1 },
        { country: '91', category: 'SERVICE', rate: 1 },
        { country: '91', category: 'UTILITY', rate: -1 },
      ],
    });
    expect(statusCode).toBe(400);
    expect(body.fieldErrors).toMatchObject({
      'rates.0.country': 'A dial code such as 91',
      'rates.2.rate': 'At least 0',
    });
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(expect.arrayContaining(['currency', 'rates.1.category']));
  });

  it('is read by whoever sends broadcasts and changed only by billing administrators', async () => {
    const agent = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
    expect((await call(agent, 'GET')).body.data.rates).toHaveLength(3);
    expect((await call(agent, 'PUT', indiaAndUs)).statusCode).toBe(403);
    const viewer = await createTenant(context, { roles: [6], enterpriseId: admin.enterpriseId });
    expect((await call(viewer, 'GET')).statusCode).toBe(403);
  });

  it('belongs to its enterprise', async () => {
    const other = await createTenant(context);
    expect((await call(other, 'GET')).body.data).toEqual({ currency: 'INR', rates: [] });
    await call(other, 'PUT', { currency: 'USD', rates: [{ country: '1', category: 'UTILITY', rate: 0.004 }] });
    expect((await call(admin, 'GET')).body.data.rates).toHaveLength(3);
  });
});

describe('the estimate', () => {
  const estimate = () => createRateCardService({ repository: createRateCardRepository(context.database.db) }).rates;

  it('prices each recipient by the dial code of their number and the template category', async () => {
    await call(admin, 'PUT', indiaAndUs);
    const phones = [
      '+919876543210',
      '+919876543211',
      '+919876543212',
      '+12025550143',
      '+14165550199',
      '+442071838750',
      '+8613800138000',
      '+80012345678',
    ];
    expect(await estimate().estimate(admin.enterpriseId, 'MARKETING', phones)).toEqual({
      currencySymbol: '₹',
      // 3 × 0.7846 + 2 × 2.1 = 6.5538
      estimatedRate: 6.55,
      unpriced: 3,
      byCountry: [
        { country: '91', recipients: 3, rate: 0.7846 },
        { country: '1', recipients: 2, rate: 2.1 },
        { country: '44', recipients: 1, rate: null },
        { country: '800', recipients: 1, rate: null },
        { country: '86', recipients: 1, rate: null },
      ],
    });
    const utility = await estimate().estimate(admin.enterpriseId, 'utility', phones.slice(0, 4));
    expect(utility).toMatchObject({ estimatedRate: 0.35, unpriced: 1 });
  });

  it('prices a count of recipients in one country (the campaign estimation request)', async () => {
    expect(await estimate().estimate(admin.enterpriseId, 'MARKETING', { country: '+91', count: 10_000 })).toEqual({
      currencySymbol: '₹',
      estimatedRate: 7846,
      unpriced: 0,
      byCountry: [{ country: '91', recipients: 10_000, rate: 0.7846 }],
    });
    expect(await estimate().estimate(admin.enterpriseId, 'MARKETING', { country: '91', count: 0 })).toMatchObject({
      estimatedRate: 0,
      byCountry: [],
    });
  });

  it('answers in the card’s currency, and in rupees with everyone unpriced when there is no card', async () => {
    const dollars = await createTenant(context);
    await call(dollars, 'PUT', { currency: 'USD', rates: [{ country: '1', category: 'UTILITY', rate: 0.004 }] });
    expect(await estimate().estimate(dollars.enterpriseId, 'UTILITY', { country: '1', count: 2500 })).toMatchObject({
      currencySymbol: '$',
      estimatedRate: 10,
      unpriced: 0,
    });
    const none = await createTenant(context);
    expect(await estimate().estimate(none.enterpriseId, 'MARKETING', ['+919876543210', '+12025550143'])).toEqual({
      currencySymbol: '₹',
      estimatedRate: 0,
      unpriced: 2,
      byCountry: [
        { country: '1', recipients: 1, rate: null },
        { country: '91', recipients: 1, rate: null },
      ],
    });
  });

  it('reads the dial code as libphonenumber does', () => {
    expect(dialCode('+919876543210')).toBe('91');
    expect(dialCode('+12025550143')).toBe('1');
    expect(dialCode('+971501234567')).toBe('971');
    expect(dialCode('+79161234567')).toBe('7');
    expect(dialCode('+80012345678')).toBe('800');
  });
});
