import crypto from 'node:crypto';
import { startFakeServer, type FailKind, type FakeReply, type FakeVendor, type RecordedRequest } from './fake-server';

/**
 * A fake Route Mobile (apis.rmlconnect.net): `POST /auth/v1/login/` answers `{JWTAUTH: <jwt>}`
 * with an `exp` claim, `POST /wba/v1/messages` takes `Authorization: <JWT>` and answers 202
 * `{request_id}`; errors follow their OpenAPI: `{status:'failed', message, reason}`.
 */

export interface FakeRouteMobile extends FakeVendor {
  username: string;
  password: string;
  credentials(): Record<string, string>;
  /** Tokens issued, in order. */
  issued: string[];
  /** Makes every issued token expired (the next message call gets 401 'jwt token expired'). */
  expireTokens(): void;
  sent: { requestId: string; body: Record<string, unknown> }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const failed = (status: number, message: string, reason?: unknown, extra: Json = {}): FakeReply => ({
  status,
  body: { status: 'failed', message, ...(reason !== undefined ? { reason } : {}), ...extra },
});

function failureReply(kind: Exclude<FailKind, 'hang'>): FakeReply {
  switch (kind) {
    case 'auth':
      return failed(401, 'Unable to process request', 'Please check the integrity or validity of the token sent.');
    case 'permanent':
      return failed(422, 'please check API docs for more info', { template_name: ['Template not found'] });
    case 'throughput':
      return failed(429, 'unable to process request', 'rate limit exceeded');
    case 'maintenance':
      return failed(503, 'unable to process request', 'service under maintenance');
    case 'server':
      return { status: 500, body: { status: 'failure', message: 'unable to process request' } };
    case 'outsideWindow':
      return failed(400, 'unable to process request', '(#131047) Re-engagement message', { code: 131047 });
  }
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startFakeRouteMobile(
  options: { username?: string; password?: string; tokenTtlSeconds?: number } = {},
): Promise<FakeRouteMobile> {
  const username = options.username ?? 'parley_rml';
  const password = options.password ?? 'rml-secret';
  const ttl = options.tokenTtlSeconds ?? 3600;
  const issued: string[] = [];
  const valid = new Set<string>();
  const sent: FakeRouteMobile['sent'] = [];

  function issue() {
    const token = [
      base64url({ typ: 'JWT', alg: 'HS256' }),
      base64url({ username, exp: Math.floor(Date.now() / 1000) + ttl, jti: crypto.randomUUID() }),
      crypto.randomBytes(16).toString('base64url'),
    ].join('.');
    issued.push(token);
    valid.add(token);
    return token;
  }

  function checkMessage(body: unknown): FakeReply | undefined {
    if (!isObject(body)) return failed(400, 'unable to process request', 'The body must be JSON');
    if (!/^\+\d{8,15}$/.test(String(body.phone ?? '')))
      return failed(422, 'please check API docs for more info', { phone: ['Not a valid phone number.'] });
    if (typeof body.text === 'string')
      return body.text.trim() ? undefined : failed(422, 'please check API docs', { text: ['empty'] });
    const media = body.media;
    if (!isObject(media))
      return failed(422, 'please check API docs for more info', { media: ['Missing data for required field.'] });
    if (media.type === 'media_template') {
      if (!media.template_name || !media.lang_code)
        return failed(422, 'please check API docs for more info', {
          media: ['template_name and lang_code are required'],
        });
      for (const field of ['header', 'body', 'button'])
        if (media[field] !== undefined && !Array.isArray(media[field]))
          return failed(422, 'please check API docs for more info', { [field]: ['Not a valid list.'] });
      return undefined;
    }
    if (
      ['image', 'video', 'document', 'audio'].includes(String(media.type)) &&
      /^https?:\/\//.test(String(media.url ?? ''))
    )
      return undefined;
    return failed(422, 'please check API docs for more info', { media: ['Unknown media type or url'] });
  }

  function login(request: RecordedRequest): FakeReply {
    const body = request.json;
    if (!isObject(body) || body.username !== username || body.password !== password)
      return failed(401, 'unable to process request', 'Invalid username or password');
    return { status: 200, body: { JWTAUTH: issue() } };
  }

  const fake = await startFakeServer((request, failure) => {
    if (request.method === 'POST' && request.path === '/auth/v1/login/') {
      if (failure && failure !== 'auth') return failureReply(failure);
      return failure === 'auth'
        ? failed(401, 'unable to process request', 'Invalid username or password')
        : login(request);
    }
    if (request.method === 'POST' && request.path === '/wba/v1/messages') {
      const token = String(request.headers.authorization ?? '');
      if (!valid.has(token)) return failed(401, 'unable to process request', 'jwt token expired');
      if (failure) return failureReply(failure);
      const problem = checkMessage(request.json);
      if (problem) return problem;
      const requestId = crypto.randomUUID();
      sent.push({ requestId, body: request.json as Json });
      return {
        status: 202,
        body: { status: 'success', message: 'message received successfully', request_id: requestId },
      };
    }
    return { status: 404, body: { message: 'The requested URL was not found on the server.' } };
  });

  return {
    ...fake,
    username,
    password,
    credentials: () => ({ username, password, contactId: '919000012345' }),
    issued,
    expireTokens: () => valid.clear(),
    sent,
    reset() {
      fake.reset();
      sent.length = 0;
    },
  };
}
