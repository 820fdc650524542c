import { describe, expect, it } from 'vitest';
import { loginBody, resetPasswordBody } from './account';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('account contracts', () => {
  it('uses the spec texts for an empty login form', () => {
    expect(messagesOf(loginBody.safeParse({ email: '', password: '', captcha: '' }))).toMatchObject({
      email: 'This field is mandatory.',
      password: 'This field is mandatory.',
      captcha: 'Please enter captcha.',
    });
    expect(messagesOf(loginBody.safeParse({ email: 'not-an-email' })).email).toBe('Please enter a valid email address');
  });

  it('applies the reset password rules of §5', () => {
    const base = { uId: crypto.randomUUID(), eId: crypto.randomUUID(), resetCode: 'code' };
    expect(
      messagesOf(resetPasswordBody.safeParse({ ...base, password: 'short', confirmPassword: 'short' })).password,
    ).toBe('Your Password must be atleast 8 characters long');
    expect(
      messagesOf(resetPasswordBody.safeParse({ ...base, password: 'longenough', confirmPassword: 'different1' }))
        .confirmPassword,
    ).toBe('Your passwords do not match. Please try again.');
    expect(
      resetPasswordBody.safeParse({ ...base, password: 'longenough', confirmPassword: 'longenough' }).success,
    ).toBe(true);
  });
});
