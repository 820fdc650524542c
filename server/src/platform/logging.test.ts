import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, type TestContext } from '../../test/test-app';
import { connectRealtime } from '../../test/realtime-client';
import { createLogger, REDACTED, redactUrl } from './logging';

/** A logger writing into an array, as the server's logger writes to stdout. */
function capturedLogger() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join('') };
}

describe('redactUrl', () => {
  it.each([
    ['/api/ws?token=abc123', `/api/ws?token=${REDACTED}`],
    ['/reset-password?uId=u1&eId=e1&resetCode=s3cret', `/reset-password?uId=u1&eId=e1&resetCode=${REDACTED}`],
    ['/invitation-accept?token=s3cret', `/invitation-accept?token=${REDACTED}`],
    ['/api/invitations/accept/s3cret', `/api/invitations/accept/${REDACTED}`],
    ['/api/account/activate/s3cret?x=1', `/api/account/activate/${REDACTED}?x=1`],
    ['/signup-verify/s3cret', `/signup-verify/${REDACTED}`],
    [
      '/api/webhooks/channels/k3y?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42',
      `/api/webhooks/channels/${REDACTED}?hub.mode=subscribe&hub.verify_token=${REDACTED}&hub.challenge=42`,
    ],
    ['/api/channels/media?token=sealed', `/api/channels/media?token=${REDACTED}`],
    [
      '/api/x?apikey=1&api_key=2&secret=3&password=4&code=5',
      `/api/x?apikey=${REDACTED}&api_key=${REDACTED}&secret=${REDACTED}&password=${REDACTED}&code=${REDACTED}`,
    ],
    ['/api/customers?page=2&search=asha', '/api/customers?page=2&search=asha'],
    ['/api/agents/1f0c/stories', '/api/agents/1f0c/stories'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('keeps the query of a failed SQL statement but not its parameters', () => {
    const { logger, text } = capturedLogger();
    const error = new Error('Failed query: insert into sessions (token_hash) values ($1)\nparams: 0123456789abcdef');
    logger.error({ err: error }, 'request failed');
    expect(text()).toContain('Failed query: insert into sessions');
    expect(text()).not.toContain('0123456789abcdef');
  });
});

describe('the request log of a running server', () => {
  let context: TestContext;
  const log = capturedLogger();
  beforeAll(async () => {
    context = await createTestApp({ logger: log.logger });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('logs every request but none of the secrets in its URL, headers or body', async () => {
    const secret = () => crypto.randomBytes(24).toString('base64url');
    const tenant = await createTenant(context);
    const sessionToken = await login(context, tenant.email); // a sign-in: its answer holds a session token
    const [invitation, activation, reset, webhookKey, verifyToken] = [secret(), secret(), secret(), secret(), secret()];

    // A websocket of an older client, token in the URL; and one of today's web app, token in a header.
    const old = await connectRealtime(context.app, sessionToken, { transport: 'query', since: 0 });
    await old.next((frame) => frame.type === 'ready');
    const current = await connectRealtime(context.app, tenant.token, { since: 0 });
    await current.next((frame) => frame.type === 'ready');
    old.close();
    current.close();

    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      context.app.inject({ method, url, payload, headers: { ...as(sessionToken), accept: 'text/html' } });
    await inject('GET', `/api/invitations/accept/${invitation}`);
    await inject('GET', `/invitation-accept?token=${invitation}`);
    await inject('POST', `/api/account/activate/${activation}`, {});
    await inject('GET', `/signup-verify/${activation}`);
    await inject('GET', `/reset-password?uId=${tenant.userId}&eId=${tenant.enterpriseId}&resetCode=${reset}`);
    await inject('POST', '/api/account/reset-password', {
      uId: tenant.userId,
      eId: tenant.enterpriseId,
      resetCode: reset,
      password: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    await inject(
      'GET',
      `/api/webhooks/channels/${webhookKey}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=7`,
    );

    const text = log.text();
    for (const [what, value] of Object.entries({
      sessionToken,
      headerToken: tenant.token,
      invitation,
      activation,
      reset,
      webhookKey,
      verifyToken,
      password: 'a-new-password-1',
    }))
      expect({ what, leaked: text.includes(value) }).toEqual({ what, leaked: false });

    // The requests are still in the log, with their secrets masked.
    const urls = log.lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((line) => line.req?.url ?? []);
    expect(urls).toEqual(
      expect.arrayContaining([
        `/api/ws?token=${REDACTED}`,
        '/api/ws',
        `/api/invitations/accept/${REDACTED}`,
        `/invitation-accept?token=${REDACTED}`,
        `/api/account/activate/${REDACTED}`,
        `/signup-verify/${REDACTED}`,
        `/reset-password?uId=${tenant.userId}&eId=${tenant.enterpriseId}&resetCode=${REDACTED}`,
        '/api/account/reset-password',
        '/api/account/login',
        `/api/webhooks/channels/${REDACTED}?hub.mode=subscribe&hub.verify_token=${REDACTED}&hub.challenge=7`,
      ]),
    );
  });
});
