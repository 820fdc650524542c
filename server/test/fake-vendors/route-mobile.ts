import crypto from 'node:crypto';
import { startFakeServer, type FailKind, type FakeReply, type FakeVendor, type RecordedRequest } from './fake-server';

/**
 * A fake Route Mobile (apis.rmlconnect.net) answering as Route Mobile's OpenAPI documents it
 * (github.com/routemobile/WhatsApp-Business-API, openapi.yaml 1.8.0):
 * - `POST /auth/v1/login/` → 201 `{JWTAUTH, user_data}` (the JWT carries an `exp` claim); wrong
 *   credentials → 403 `{status: 'invalid credentials or the account has been deactivated'}`.
 * - `POST /wba/v1/messages` with `Authorization: <JWT>` → 202 `{message: 'message received
 *   successfully', status: 'processing', request_id}`; a bad token → 401 `{message, status:
 *   'Failed', reason}`; a bad body → 400 `{message, status: 'failed', reason: {field errors}}`.
 * - Delivery reports and inbound messages reach the customer by callback; the builders below make
 *   them in the documented shapes (`wbscallback_*`). Route Mobile reports a closed 24-hour window
 *   that way (a failed status with code 470), not in the answer to the send, so 'outsideWindow'
 *   here accepts the message and queues such a callback in `callbacks`.
 * UNVERIFIED: the bodies of 429 and 503 (the OpenAPI lists neither for /wba/v1/messages).
 */

export interface FakeRouteMobile extends FakeVendor {
  username: string;
  password: string;
  credentials(): Record<string, string>;
  /** Tokens issued, in order. */
  issued: string[];
  /** Makes every issued token invalid (the next message call gets 401). */
  expireTokens(): void;
  sent: { requestId: string; body: Record<string, unknown> }[];
  /** Callbacks the fake would post (a closed window is reported this way). */
  callbacks: Record<string, unknown>[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const failed = (status: number, message: string, reason?: unknown): FakeReply => ({
  status,
  body: { message, status: 'failed', ...(reason !== undefined ? { reason } : {}) },
});
/** Field errors the way Route Mobile (marshmallow) nests them. */
const invalid = (reason: Json) => failed(400, 'please check API docs for more info', reason);

const badToken: FakeReply = {
  status: 401,
  body: {
    message: 'Unable to process request',
    status: 'Failed',
    reason: 'Please check the integrity or validity of the token sent.',
  },
};

function failureReply(kind: Exclude<FailKind, 'hang' | 'outsideWindow'>): FakeReply {
  switch (kind) {
    case 'auth':
      return badToken;
    case 'permanent':
      return invalid({ media: { lang_code: ['Shorter than minimum length 2.'] } });
    case 'throughput':
      return failed(429, 'unable to process request', 'rate limit exceeded');
    case 'maintenance':
      return failed(503, 'unable to process request', 'service under maintenance');
    case 'server':
      return { status: 500, body: { message: 'unable to process request', status: 'failed' } };
  }
}

/** A delivery report as Route Mobile posts it (wbscallback_sent_delivery_report / _read_receipt / _failed_…). */
export function routeMobileStatusCallback(
  requestId: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  options: { recipient?: string; timestamp?: number; error?: { code: number; title: string } } = {},
): Json {
  return {
    statuses: [
      {
        id: requestId,
        recipient_id: options.recipient ?? '919845012345',
        status,
        timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
        ...(status === 'failed'
          ? { errors: [options.error ?? { code: 470, title: 'Re-engagement message' }] }
          : {
              type: 'message',
              message_id: `wamid.${crypto.randomBytes(12).toString('base64url')}`,
              conversation: { id: crypto.randomBytes(16).toString('hex'), origin: { type: 'business_initiated' } },
              pricing: { billable: true, category: 'business_initiated', pricing_model: 'CBP' },
            }),
        extra: '',
      },
    ],
    brand_msisdn: '919000012345',
  };
}

/** A template status change as Route Mobile forwards it (OpenAPI "Template Status Logs"). */
export function routeMobileTemplateCallback(template: {
  name: string;
  id: string;
  language: string;
  status: string;
  description?: string;
}): Json {
  return {
    statuses: [
      {
        id: template.id,
        template_name: template.name,
        template_id: Number(template.id),
        template_language: template.language,
        reason: 'NONE',
        status: template.status,
        timestamp: Math.floor(Date.now() / 1000),
        type: 'event',
        information: template.description ? { title: 'FIRST_PAUSE', description: template.description } : null,
      },
    ],
    brand_msisdn: '919000012345',
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const mediaKinds = ['image', 'video', 'document'];

function checkTemplate(media: Json): FakeReply | undefined {
  if (typeof media.template_name !== 'string' || !media.template_name)
    return invalid({ media: { template_name: ['Missing data for required field.'] } });
  if (typeof media.lang_code !== 'string' || media.lang_code.length < 2)
    return invalid({ media: { lang_code: ['Shorter than minimum length 2.'] } });
  for (const field of ['header', 'body', 'button', 'carousel', 'limited_time'])
    if (media[field] !== undefined && !Array.isArray(media[field]))
      return invalid({ media: { [field]: ['Not a valid list.'] } });
  const header = media.header as unknown[] | undefined;
  if (header && header.length === 0)
    return invalid({ media: { error: 'if header key is included, it"s array value cannot be empty' } });
  for (const entry of header ?? []) {
    if (!isObject(entry)) return invalid({ media: { header: ['Invalid input type.'] } });
    const kind = mediaKinds.find((key) => entry[key] !== undefined);
    if (kind) {
      const file = entry[kind];
      if (!isObject(file) || !/^https?:\/\//.test(String(file.link ?? '')))
        return invalid({ media: { header: { [kind]: { link: ['Not a valid URL.'] } } } });
    } else if (typeof entry.text !== 'string' || entry.text === '') {
      return invalid({ text: ['Shorter than minimum length 1.'] });
    }
  }
  const texts = (list: unknown) =>
    Array.isArray(list) && list.every((item) => isObject(item) && typeof item.text === 'string' && item.text !== '');
  if (media.body !== undefined && !texts(media.body))
    return invalid({ media: { body: ['Shorter than minimum length 1.'] } });
  const buttons = (list: unknown, where: string): FakeReply | undefined => {
    if (list === undefined) return undefined;
    if (!Array.isArray(list)) return invalid({ media: { [where]: ['Not a valid list.'] } });
    for (const [index, button] of list.entries()) {
      if (!isObject(button) || typeof button.button_no !== 'string')
        return invalid({ media: { [where]: { [index]: { button_no: ['Missing data for required field.'] } } } });
      const value = button.url ?? button.coupon_code ?? button.payload;
      if (typeof value !== 'string' || value === '')
        return invalid({ media: { [where]: { [index]: { url: { value: ['Shorter than minimum length 1.'] } } } } });
    }
    return undefined;
  };
  const problem = buttons(media.button, 'button');
  if (problem) return problem;
  for (const offer of (media.limited_time as unknown[] | undefined) ?? []) {
    if (!isObject(offer) || typeof offer.expiration_time !== 'number')
      return invalid({ media: { limited_time: ['expiration_time must be a number of milliseconds'] } });
    const offerProblem = buttons(offer.button, 'limited_time');
    if (offerProblem) return offerProblem;
  }
  for (const card of (media.carousel as unknown[] | undefined) ?? []) {
    if (!isObject(card) || !mediaKinds.includes(String(card.type)) || !/^https?:\/\//.test(String(card.url ?? '')))
      return invalid({ media: { carousel: { url: ['Not a valid URL.'] } } });
    if (card.body !== undefined && !texts(card.body))
      return invalid({ media: { carousel: { body: ['Shorter than minimum length 1.'] } } });
    const cardProblem = buttons(card.button, 'carousel');
    if (cardProblem) return cardProblem;
  }
  return undefined;
}

function checkMessage(body: unknown): FakeReply | undefined {
  if (!isObject(body))
    return {
      status: 400,
      body: { message: 'Please check API docs', status: 'failure', reason: 'payload cannot be empty' },
    };
  if (!/^\+\d{8,15}$/.test(String(body.phone ?? ''))) return invalid({ phone: ['Not a valid phone number.'] });
  if (body.text !== undefined)
    return typeof body.text === 'string' && body.text.trim()
      ? undefined
      : invalid({ text: ['Shorter than minimum length 1.'] });
  const media = body.media;
  if (!isObject(media))
    return {
      status: 400,
      body: { message: 'Please check API docs', status: 'failure', reason: 'Unable to verify payload type' },
    };
  if (media.type === 'media_template') return checkTemplate(media);
  if (!['image', 'video', 'document', 'audio'].includes(String(media.type)))
    return {
      status: 400,
      body: { message: 'Please check API docs', status: 'failure', reason: 'Unable to verify payload type' },
    };
  if (!/^https?:\/\//.test(String(media.url ?? ''))) return invalid({ media: { url: ['Not a valid URL.'] } });
  if (typeof media.file !== 'string' || media.file === '')
    return invalid({ media: { file: ['Missing data for required field.'] } });
  return undefined;
}

export async function startFakeRouteMobile(
  options: { username?: string; password?: string; tokenTtlSeconds?: number } = {},
): Promise<FakeRouteMobile> {
  const username = options.username ?? 'parley_rml';
  const password = options.password ?? 'rml-secret';
  const ttl = options.tokenTtlSeconds ?? 3600;
  const issued: string[] = [];
  const valid = new Set<string>();
  const sent: FakeRouteMobile['sent'] = [];
  const callbacks: FakeRouteMobile['callbacks'] = [];

  function issue() {
    const token = [
      base64url({ typ: 'JWT', alg: 'HS256' }),
      base64url({
        user_id: username,
        exp: Math.floor(Date.now() / 1000) + ttl,
        orig_iat: Math.floor(Date.now() / 1000),
      }),
      crypto.randomBytes(16).toString('base64url'),
    ].join('.');
    issued.push(token);
    valid.add(token);
    return token;
  }

  const refusedLogin: FakeReply = {
    status: 403,
    body: { status: 'invalid credentials or the account has been deactivated' },
  };

  function login(request: RecordedRequest): FakeReply {
    const body = request.json;
    if (!isObject(body) || body.username !== username || body.password !== password) return refusedLogin;
    return {
      status: 201,
      body: {
        JWTAUTH: issue(),
        user_data: {
          username,
          first_name: 'Parley',
          last_name: 'Test',
          email: 'ops@parley.example',
          is_active: true,
          is_staff: false,
          child_user: false,
          parent_username: '',
        },
      },
    };
  }

  const fake = await startFakeServer((request, failure) => {
    if (request.method === 'POST' && request.path === '/auth/v1/login/') {
      if (failure === 'auth') return refusedLogin;
      if (failure && failure !== 'outsideWindow') return failureReply(failure);
      return login(request);
    }
    if (request.method === 'POST' && request.path === '/wba/v1/messages') {
      if (!valid.has(String(request.headers.authorization ?? ''))) return badToken;
      if (failure && failure !== 'outsideWindow') return failureReply(failure);
      const problem = checkMessage(request.json);
      if (problem) return problem;
      const requestId = crypto.randomUUID();
      sent.push({ requestId, body: request.json as Json });
      if (failure === 'outsideWindow')
        callbacks.push(
          routeMobileStatusCallback(requestId, 'failed', {
            recipient: String((request.json as Json).phone).replace(/\D/g, ''),
            error: { code: 470, title: 'Re-engagement message' },
          }),
        );
      return {
        status: 202,
        body: { message: 'message received successfully', status: 'processing', request_id: requestId },
      };
    }
    return {
      status: 404,
      body: {
        message:
          'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.',
      },
    };
  });

  return {
    ...fake,
    username,
    password,
    credentials: () => ({ username, password, contactId: '919000012345' }),
    issued,
    expireTokens: () => valid.clear(),
    sent,
    callbacks,
    reset() {
      fake.reset();
      sent.length = 0;
      callbacks.length = 0;
    },
  };
}
