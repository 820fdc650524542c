import { describe, expect, it } from 'vitest';
import { canSend, channelMessages, credentialFields, validateCredentials, vendors, vendorsFor } from './channels';

describe('the vendor table', () => {
  it('gives every vendor of platform §3.8 a credential form, with a message for each required field', () => {
    expect(vendors.map((vendor) => vendor.name)).toEqual(
      expect.arrayContaining([
        'Karix',
        'Karix RCM',
        'SAP365',
        'Kaleyra',
        'Kaleyra v2',
        'Airtel',
        'Sinch',
        'Mailchimp',
        'Multi-channel provider',
        'VI',
        'NGN',
        'Tata Tele',
        'Jio',
        'Syniverse',
        'Tanla',
        'Mobeep',
        'Route Mobile',
        'Sandbox',
      ]),
    );
    for (const vendor of vendors) {
      for (const type of vendor.serves) {
        const fields = credentialFields(vendor.id, type);
        expect(fields.length, `${vendor.name} type ${type}`).toBeGreaterThan(0);
        const errors = validateCredentials(vendor.id, type, {});
        for (const field of fields.filter((candidate) => candidate.required))
          expect(errors[field.name], `${vendor.name} ${field.name}`).toBe(field.message);
      }
    }
  });

  it('uses the §5 texts and the per-type credential sets', () => {
    expect(validateCredentials(1, 0, {})).toMatchObject({
      username: 'Username is required',
      password: 'Password is required',
      contactId: 'Valid contact id is required',
    });
    expect(credentialFields(5, 10).map((field) => field.name)).toEqual(['customerId', 'agentId', 'subAccountId']);
    expect(credentialFields(5, 0).find((field) => field.name === 'contactId')?.defaultValue).toBe('ARTLTV');
    expect(validateCredentials(4, 4, { apiKey: 'k', sid: 's', contactId: '919876543210' })).toEqual({});
  });

  it("checks a mobile contact id with the spec's pattern: optional 91 or 1, then ten digits from 1 to 9", () => {
    const check = (contactId: string) =>
      validateCredentials(17, 4, { username: 'u', password: 'p', contactId }).contactId;
    expect(check('919876543210')).toBeUndefined();
    expect(check('+19876543210')).toBeUndefined();
    expect(check('9876543210')).toBeUndefined();
    expect(check('0876543210')).toBe(channelMessages.invalidNumber);
    expect(check('98765')).toBe('Invalid number format');
  });

  it('rejects values that start with whitespace and keeps stored secrets when they come back masked', () => {
    expect(validateCredentials(17, 4, { username: ' u', password: 'p', contactId: '919876543210' }).username).toBe(
      channelMessages.leadingWhitespace,
    );
    expect(
      validateCredentials(17, 4, { username: 'u', password: 'ab…wxyz', contactId: '919876543210' }, ['password']),
    ).toEqual({});
  });

  it('offers only the vendors that serve a type, restricted by the enterprise offer', () => {
    expect(
      vendorsFor(5)
        .map((vendor) => vendor.name)
        .sort(),
    ).toEqual(['SAP365', 'Sinch']);
    expect(vendorsFor(4, [0, 19]).map((vendor) => vendor.id)).toEqual([0, 19]);
    expect(canSend(0, 4)).toBe(true);
    expect(canSend(5, 4)).toBe(false);
  });
});
