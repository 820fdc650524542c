import { loginBody, verifyBody } from '@parley/contracts/sign-in';
import { messages } from '@parley/contracts/messages';
import { validateWithSchema } from '../../../lib/form-validation';
import { securityCodeMessage, validateLoginCredentials, validateSecurityCode } from './login-validation';

const valid = {
  email: 'ada@example.com',
  password: 'correct horse',
  captcha: 'x7Kq',
  captchaId: '0b1f7c4e-8e55-4b8e-9d2a-3c1f00000001',
  removeExistingSession: false,
};

/** Values a user can type (or a server can send) that sit on either side of every rule. */
const credentials: Array<Partial<typeof valid>> = [
  {},
  { email: '', password: '', captcha: '', captchaId: '' },
  { email: '   ', password: '   ', captcha: '   ' },
  { email: ' ada@example.com ' },
  { email: 'not-an-email' },
  { email: 'ada@example' },
  { email: 'ada@example.c' },
  { email: '.ada@example.com' },
  { email: 'ada..lovelace@example.com' },
  { email: 'ada.lovelace@example.com' },
  { email: "o'brien+tag@mail.example.co.uk" },
  { email: 'ada@-example.com' },
  { email: 'ada@exa_mple.com' },
  { email: 'ada lovelace@example.com' },
  { email: 'ädä@example.com' },
  { email: `${'a'.repeat(242)}@example.com` },
  { email: `${'a'.repeat(243)}@example.com` },
  { email: ` ${'a'.repeat(242)}@example.com ` },
  { password: 'a'.repeat(256) },
  { password: 'a'.repeat(257) },
  { password: ` ${'a'.repeat(255)}` },
  { password: ' x ' },
  { captcha: 'a'.repeat(16) },
  { captcha: 'a'.repeat(17) },
  { captcha: ` ${'a'.repeat(16)} ` },
  { captchaId: 'not-a-uuid' },
  { captchaId: '00000000-0000-0000-0000-000000000000' },
  { captchaId: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
  { captchaId: '0b1f7c4e-8e55-9b8e-9d2a-3c1f00000001' },
  { captchaId: '0b1f7c4e-8e55-4b8e-7d2a-3c1f00000001' },
  { captchaId: ' 0b1f7c4e-8e55-4b8e-9d2a-3c1f00000001' },
  { captchaId: '', captcha: 'a'.repeat(17) },
  { email: 'x', password: '', captchaId: '', captcha: '' },
];

const codes = [
  { challengeId: 'c-1', securityCode: '123456' },
  { challengeId: 'c-1', securityCode: ' 123456 ' },
  { challengeId: 'c-1', securityCode: '12345' },
  { challengeId: 'c-1', securityCode: '1234567' },
  { challengeId: 'c-1', securityCode: 'ab12-CD34' },
  { challengeId: 'c-1', securityCode: 'ab12_CD34' },
  { challengeId: 'c-1', securityCode: '' },
  { challengeId: '', securityCode: '123456' },
  { challengeId: 'c'.repeat(200), securityCode: '123456' },
  { challengeId: 'c'.repeat(201), securityCode: 'nope' },
];

describe('login form checks without zod', () => {
  it.each(credentials)('the credentials %j get the messages loginBody gives', (change) => {
    const values = { ...valid, ...change };
    expect(validateLoginCredentials(values)).toEqual(validateWithSchema(loginBody, values, { captchaId: 'captcha' }));
  });

  it.each(codes)('the security code %j gets the messages verifyBody gives', (values) => {
    expect(validateSecurityCode(values)).toEqual(validateWithSchema(verifyBody, values));
  });

  it('uses the spec texts', () => {
    expect(validateLoginCredentials({ email: '', password: '', captcha: '', captchaId: '' })).toEqual({
      email: messages.fieldMandatory,
      password: messages.fieldMandatory,
      captcha: messages.captchaRequired,
    });
    expect(validateLoginCredentials({ ...valid, email: 'not-an-email' })).toEqual({ email: messages.invalidEmail });
    expect(validateSecurityCode({ challengeId: 'c-1', securityCode: '12' })).toEqual({
      securityCode: securityCodeMessage,
    });
  });
});
