import crypto from 'node:crypto';
import { startFakeServer, type FailKind, type FakeReply, type FakeVendor, type RecordedRequest } from './fake-server';

/**
 * A fake Sinch: the OAuth2 token endpoint (`POST /oauth2/token`, basic auth key id : secret,
 * grant_type=client_credentials) and the Conversation API (`POST /v1/projects/{p}/messages:send`,
 * `GET /v1/projects/{p}/apps/{a}`) on one server. Errors in Sinch's
 * `{error:{code, message, status, details}}` form.
 *
 * Point the adapter at it with `baseUrl: fake.url, authUrl: fake.url`.
 */

export interface FakeSinch extends FakeVendor {
  projectId: string;
  appId: string;
  keyId: string;
  keySecret: string;
  credentials(extra?: Record<string, string>): Record<string, string>;
  /** Access tokens issued, in order. */
  issued: string[];
  /** Revokes every token (the next API call gets 401). */
  revokeTokens(): void;
  sent: { messageId: string; body: Record<string, unknown> }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sinchError = (status: number, code: string, message: string, details: Json[] = []): FakeReply => ({
  status,
  body: { error: { code: status, message, status: code, details } },
});

function failureReply(kind: Exclude<FailKind, 'hang'>): FakeReply {
  switch (kind) {
    case 'auth':
      return sinchError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    case 'permanent':
      return sinchError(400, 'INVALID_ARGUMENT', "Invalid argument: template 'order_update' not found");
    case 'throughput':
      return sinchError(429, 'RESOURCE_EXHAUSTED', 'Too many requests');
    case 'maintenance':
      return sinchError(503, 'UNAVAILABLE', 'The service is currently unavailable');
    case 'server':
      return sinchError(500, 'INTERNAL', 'Internal error');
    case 'outsideWindow':
      return sinchError(400, 'FAILED_PRECONDITION', 'The message is outside the allowed sending window', [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'OUTSIDE_ALLOWED_SENDING_WINDOW' },
      ]);
  }
}

export async function startFakeSinch(
  options: { projectId?: string; appId?: string; keyId?: string; keySecret?: string; appName?: string } = {},
): Promise<FakeSinch> {
  const projectId = options.projectId ?? 'b1a2c3d4-0000-4000-8000-00000000c0de';
  const appId = options.appId ?? '01FAKEAPP0000000000000000';
  const keyId = options.keyId ?? 'fake-key-id';
  const keySecret = options.keySecret ?? 'fake-key-secret';
  const issued: string[] = [];
  const valid = new Set<string>();
  const sent: FakeSinch['sent'] = [];

  function token(request: RecordedRequest, failure: Exclude<FailKind, 'hang'> | undefined): FakeReply {
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected || failure === 'auth')
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    if (failure) return failureReply(failure);
    if (request.form?.grant_type !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Use client_credentials' } };
    const accessToken = crypto.randomBytes(24).toString('base64url');
    issued.push(accessToken);
    valid.add(accessToken);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, scope: '', token_type: 'bearer' } };
  }

  function send(request: RecordedRequest): FakeReply {
    const body = request.json;
    if (!isObject(body)) return sinchError(400, 'INVALID_ARGUMENT', 'The body must be JSON');
    if (body.app_id !== appId) return sinchError(404, 'NOT_FOUND', `App ${String(body.app_id)} not found`);
    const identities =
      isObject(body.recipient) && isObject(body.recipient.identified_by)
        ? body.recipient.identified_by.channel_identities
        : undefined;
    const first = Array.isArray(identities) ? identities[0] : undefined;
    if (!isObject(first) || first.channel !== 'WHATSAPP' || !/^\d{8,15}$/.test(String(first.identity)))
      return sinchError(
        400,
        'INVALID_ARGUMENT',
        'recipient.identified_by.channel_identities needs a WHATSAPP identity',
      );
    const message = body.message;
    if (!isObject(message)) return sinchError(400, 'INVALID_ARGUMENT', 'message is required');
    if (isObject(message.template_message)) {
      const whatsapp = isObject(message.template_message.channel_template)
        ? message.template_message.channel_template.WHATSAPP
        : undefined;
      if (!isObject(whatsapp) || !whatsapp.template_id || !whatsapp.language_code)
        return sinchError(400, 'INVALID_ARGUMENT', 'channel_template.WHATSAPP needs template_id and language_code');
      const parameters = whatsapp.parameters ?? {};
      if (!isObject(parameters)) return sinchError(400, 'INVALID_ARGUMENT', 'parameters must be a map');
      const badKey = Object.keys(parameters).find(
        (key) => !/^(carousel\[\d+\])?(header|body|button)(\[\d+\])?([a-z_]+\[\d+\])?[a-z_.]*$/.test(key),
      );
      if (badKey) return sinchError(400, 'INVALID_ARGUMENT', `Invalid parameter key ${badKey}`);
    } else if (!isObject(message.text_message) && !isObject(message.media_message) && !isObject(message.card_message))
      return sinchError(400, 'INVALID_ARGUMENT', 'Unsupported message type');
    const messageId = `01FAKE${crypto.randomBytes(10).toString('hex').toUpperCase()}`;
    sent.push({ messageId, body });
    return { status: 200, body: { message_id: messageId, accepted_time: new Date().toISOString() } };
  }

  const fake = await startFakeServer((request, failure) => {
    if (request.method === 'POST' && request.path === '/oauth2/token') return token(request, failure);
    const match = /^\/v1\/projects\/([^/]+)\/(messages:send|apps\/([^/]+))$/.exec(request.path);
    if (!match) return sinchError(404, 'NOT_FOUND', 'Not found');
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer || !valid.has(bearer)) return failureReply('auth');
    if (failure) return failureReply(failure);
    if (match[1] !== projectId) return sinchError(403, 'PERMISSION_DENIED', 'The project is not yours');
    if (match[2] === 'messages:send' && request.method === 'POST') return send(request);
    if (match[3] !== undefined && request.method === 'GET') {
      if (match[3] !== appId) return sinchError(404, 'NOT_FOUND', `App ${match[3]} not found`);
      return {
        status: 200,
        body: { id: appId, display_name: options.appName ?? 'Parley WhatsApp', channel_credentials: [] },
      };
    }
    return sinchError(404, 'NOT_FOUND', 'Not found');
  });

  return {
    ...fake,
    projectId,
    appId,
    keyId,
    keySecret,
    credentials: (extra = {}) => ({
      appId,
      projectId,
      keyId,
      keySecret,
      region: 'eu',
      contactId: '919000012345',
      ...extra,
    }),
    issued,
    revokeTokens: () => valid.clear(),
    sent,
    reset() {
      fake.reset();
      sent.length = 0;
    },
  };
}
