import { describe, expect, it } from 'vitest';
import { phoneMessages } from '@parley/contracts/phone';
import { customerPhone, normalizePhone, phoneProblemMessage, readPhone } from './phone';

describe('normalizePhone', () => {
  it('stores every written form of one number as the same E.164 number', () => {
    for (const written of ['+91 98765 43210', '09876543210', '98765-43210', '0091 98765 43210', '(+91) 98765.43210'])
      expect(normalizePhone(written, 'IN')).toBe('+919876543210');
  });

  it('reads numbers without a country code in the default region', () => {
    expect(normalizePhone('(202) 555-0143', 'US')).toBe('+12025550143');
    expect(normalizePhone('98765 43210', 'US')).toBeNull();
  });

  it('refuses what is not a valid number', () => {
    for (const bad of ['', '   ', '12345', 'abc', '+91 12345', '9'.repeat(41)])
      expect(normalizePhone(bad, 'IN')).toBeNull();
  });
});

describe("readPhone: a number that becomes a customer's messaging identity", () => {
  it('refuses a landline, with the reason: 1234567890 is an Indian fixed line', () => {
    expect(normalizePhone('1234567890', 'IN')).toBe('+911234567890');
    expect(readPhone('1234567890', 'IN')).toEqual({ e164: null, problem: 'landline' });
    expect(customerPhone('1234567890', 'IN')).toBeNull();
    for (const landline of ['+91 11 2345 6789', '+44 20 7946 0000', '+49 30 123456', '+61 2 1234 5678'])
      expect(readPhone(landline, 'IN').problem, landline).toBe('landline');
    expect(phoneProblemMessage('1234567890', 'IN', 'invalid')).toBe(phoneMessages.landline);
  });

  it('refuses toll-free, premium-rate and other service numbers', () => {
    for (const service of ['1800123456', '+1 800 234 5678', '+1 900 555 1234', '+800 1234 5678'])
      expect(readPhone(service, 'IN').problem, service).toBe('serviceNumber');
    expect(phoneProblemMessage('+1 900 555 1234', 'IN', 'invalid')).toBe(phoneMessages.serviceNumber);
  });

  it('keeps mobiles, fixed-line-or-mobile numbers (US), VoIP and personal numbers', () => {
    expect(customerPhone('98765 43210', 'IN')).toBe('+919876543210');
    expect(customerPhone('+1 202 555 0143', 'IN')).toBe('+12025550143');
    expect(customerPhone('+44 7400 123456', 'IN')).toBe('+447400123456');
    expect(customerPhone('+44 56 1234 5678', 'IN')).toBe('+445612345678');
    expect(customerPhone('+44 70 1234 5678', 'IN')).toBe('+447012345678');
  });

  it('finds a number valid exactly when normalizePhone does (the type is worked out once)', () => {
    let seed = 17;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let n = 0; n < 3000; n += 1) {
      const written = `+${['91', '1', '44', '49', '61', '86', '55', '800'][n % 8]}${String(next()).padStart(10, '0')}`;
      expect(readPhone(written, 'IN').problem !== 'invalid', written).toBe(normalizePhone(written, 'IN') !== null);
    }
  });

  it("answers the caller's own text for what is not a valid number", () => {
    expect(readPhone('12345', 'IN')).toEqual({ e164: null, problem: 'invalid' });
    expect(phoneProblemMessage('12345', 'IN', 'please enter valid number')).toBe('please enter valid number');
  });
});
