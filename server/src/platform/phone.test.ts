import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone';

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
