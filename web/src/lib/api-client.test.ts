import { accountRoutes } from '@parley/contracts/account';
import { adminRoutes } from '@parley/contracts/admin';
import { fail, installFakeApi, ok } from '../test/fake-api';
import { ApiError, apiRequest } from './api-client';
import { setSessionEndHandler, type SessionEnd } from './session-end';
import { getSessionToken, setSessionToken } from './session-token';

const MAIL_ID = '5e5e0000-0000-4000-8000-000000000001';

describe('apiRequest', () => {
  let ends: SessionEnd[];
  beforeEach(() => {
    ends = [];
    setSessionEndHandler((end) => ends.push(end));
  });
  afterEach(() => setSessionEndHandler(null));

  it('fills path params, sends the query and the session token, and unwraps data', async () => {
    setSessionToken('tok-9');
    const api = installFakeApi({
      [`GET /api/admin/outbox/${MAIL_ID}`]: ok({ id: MAIL_ID, subject: 'Hi' }),
      'GET /api/admin/outbox': ok({ mails: [], more: false }),
    });
    await expect(apiRequest(adminRoutes.outboxMail, { params: { id: MAIL_ID } })).resolves.toEqual({
      id: MAIL_ID,
      subject: 'Hi',
    });
    await apiRequest(adminRoutes.outbox, { query: { from: 20, perPage: 20 } });
    expect(api.requests[0]?.headers.authtoken).toBe('tok-9');
    expect(api.requests[1]?.query.toString()).toBe('from=20&perPage=20');
  });

  it('sends JSON bodies', async () => {
    const api = installFakeApi({ 'POST /api/account/recover': ok({ message: 'sent' }) });
    await apiRequest(accountRoutes.recover, { body: { emailId: 'a@b.co', captchaId: 'x', captcha: 'y' } });
    expect(api.requests[0]?.body).toEqual({ emailId: 'a@b.co', captchaId: 'x', captcha: 'y' });
  });

  it('throws ApiError with code, message, status and field errors, without ending the session', async () => {
    setSessionToken('tok-1');
    installFakeApi({
      'POST /api/account/login': fail(401, 2002, 'Invalid email or password', { fieldErrors: { password: 'Wrong' } }),
    });
    const error = await apiRequest(accountRoutes.login, {
      body: { email: 'a@b.co', password: 'x', captchaId: 'c', captcha: 'd' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 2002, httpStatus: 401, message: 'Invalid email or password' });
    expect((error as ApiError).fieldErrors).toEqual({ password: 'Wrong' });
    expect(ends).toHaveLength(0);
    expect(getSessionToken()).toBe('tok-1');
  });

  it.each([
    ['1401', fail(401, 1401, 'Session Expired! Please login', { login_required: true }), 'expired'],
    ['1403', fail(403, 1403, 'Access Denied'), 'forbidden'],
    [
      'login_required',
      { status: 401, body: { status: false, code: 9999, message: 'x', login_required: true } },
      'expired',
    ],
  ])('ends the session on %s', async (_name, answer, reason) => {
    setSessionToken('tok-2');
    installFakeApi({ 'GET /api/account/me': answer });
    await expect(apiRequest(accountRoutes.me)).rejects.toBeInstanceOf(ApiError);
    expect(ends).toEqual([expect.objectContaining({ reason, hadToken: true })]);
    expect(getSessionToken()).toBeNull();
  });

  it('ignores a 401 for a session that ended while the request was in flight (signed out and in again)', async () => {
    setSessionToken('old-session');
    installFakeApi({
      'GET /api/account/me': () => {
        setSessionToken('new-session');
        return fail(401, 1401, 'Session Expired! Please login', { login_required: true });
      },
    });
    await expect(apiRequest(accountRoutes.me)).rejects.toMatchObject({ code: 1401 });
    expect(ends).toHaveLength(0);
    expect(getSessionToken()).toBe('new-session');
  });

  it('does not end the session for a 403 with another code (inactive account)', async () => {
    setSessionToken('tok-3');
    installFakeApi({ 'POST /api/account/login': fail(403, 2004, 'Your account is not active') });
    await expect(
      apiRequest(accountRoutes.login, { body: { email: 'a@b.co', password: 'x', captchaId: 'c', captcha: 'd' } }),
    ).rejects.toMatchObject({ code: 2004 });
    expect(ends).toHaveLength(0);
  });

  it('turns a non-JSON 502 into a generic error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest(accountRoutes.me)).rejects.toMatchObject({ code: 1500, message: 'Something went wrong' });
  });
});
