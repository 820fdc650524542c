import {
  fakeId,
  startFakeServer,
  type FailKind,
  type FakeReply,
  type FakeVendor,
  type RecordedRequest,
} from './fake-server';

/**
 * A fake Kaleyra (api.kaleyra.io) answering as developers.kaleyra.io documents it:
 * - v1 `POST /v1/<SID>/messages`, header api-key, form fields with `from`/`to` in E.164 (plus
 *   sign), type template | mediatemplate | text | media, `params` as `"A","B"`, media_url,
 *   param_header, param_url ("send-a-text-template-message-through-whatsapp",
 *   "send-a-media-template-message-through-whatsapp", "dynamic-url").
 * - v2 `POST /v2/<SID>/whatsapp/<number>/messages` with `{"messaging_object": <Cloud API payload>}`;
 *   a wrong SID or key is code RBC001 ("whatsapp-api-v2-error-codes-for-send-message").
 * - Callbacks: v2 webhooks wrap Meta's value in `meta_object` with `extra_info` and the wamid
 *   ("wa-status-update-webhooks-payload-v2-sent"); template updates are callback-profile variables
 *   ("template-status-update"). Builders for both are below.
 * UNVERIFIED: the answers' bodies (v1 `{id, data:[{message_id, recipient, status}]}`, v2 the
 * Cloud API answer) and the error body `{code, message, error}`.
 */

export interface FakeKaleyra extends FakeVendor {
  sid: string;
  apiKey: string;
  businessNumber: string;
  /** Channel credentials for the adapter. */
  credentials(): Record<string, string>;
  /** Accepted messages: the version, the form (v1) or messaging_object (v2), and the id given. */
  sent: { version: 1 | 2; id: string; fields: Record<string, unknown> }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const kaleyraError = (status: number, code: string, message: string, error: Json = {}): FakeReply => ({
  status,
  body: { code, message, data: [], error },
});

function failureReply(kind: Exclude<FailKind, 'hang'>, version: 1 | 2): FakeReply {
  switch (kind) {
    case 'auth':
      return version === 2
        ? kaleyraError(401, 'RBC001', 'Incorrect SID or API Key.')
        : kaleyraError(401, 'E401', 'Invalid API key', { 'api-key': 'Invalid api-key' });
    case 'permanent':
      return kaleyraError(400, 'E413', 'Invalid template name or language', { template_name: 'Template not found' });
    case 'throughput':
      return kaleyraError(429, 'E429', 'Too many requests');
    case 'maintenance':
      return kaleyraError(503, 'E503', 'Service temporarily unavailable');
    case 'server':
      return kaleyraError(500, 'E500', 'Internal server error');
    case 'outsideWindow':
      return version === 2
        ? {
            status: 400,
            body: {
              error: {
                code: 131047,
                message: 'Re-engagement message',
                error_data: { details: 'More than 24 hours have passed since the customer last replied' },
              },
            },
          }
        : kaleyraError(400, '470', 'Message failed to send because more than 24 hours have passed');
  }
}

export async function startFakeKaleyra(
  options: { sid?: string; apiKey?: string; businessNumber?: string } = {},
): Promise<FakeKaleyra> {
  const sid = options.sid ?? 'HXIN1700000000IN';
  const apiKey = options.apiKey ?? 'Afake0kaleyra0key';
  const businessNumber = options.businessNumber ?? '919000012345';
  const sent: FakeKaleyra['sent'] = [];

  function v1(request: RecordedRequest): FakeReply {
    const form = request.form;
    if (!form) return kaleyraError(400, 'E400', 'Send the fields as application/x-www-form-urlencoded');
    const missing = ['to', 'from', 'type', 'channel'].filter((field) => !form[field]);
    if (missing.length > 0)
      return kaleyraError(
        400,
        'E400',
        `Missing ${missing.join(', ')}`,
        Object.fromEntries(missing.map((field) => [field, 'required'])),
      );
    if (form.channel?.toLowerCase() !== 'whatsapp') return kaleyraError(400, 'E400', 'channel must be whatsapp');
    if (form.from !== `+${businessNumber}`)
      return kaleyraError(400, 'E409', `The number ${form.from} is not on this account`);
    if (!/^\+\d{8,15}$/.test(form.to ?? ''))
      return kaleyraError(400, 'E400', 'Invalid to number: give it in E.164 with the country code', { to: 'invalid' });
    if (form.params !== undefined && !/^"(?:[^"\\]|\\.)*"(?:,"(?:[^"\\]|\\.)*")*$/.test(form.params))
      return kaleyraError(400, 'E400', 'params must be the values in double quotes, separated by commas', {
        params: 'invalid',
      });
    if (form.type === 'template' || form.type === 'mediatemplate') {
      if (!form.template_name || !form.lang_code)
        return kaleyraError(400, 'E400', 'template_name and lang_code are required');
      if (form.type === 'mediatemplate' && !/^https?:\/\//.test(form.media_url ?? ''))
        return kaleyraError(400, 'E400', 'media_url is required for a media template');
    } else if (form.type === 'text') {
      if (!form.body) return kaleyraError(400, 'E400', 'body is required');
    } else if (form.type === 'media') {
      if (!/^https?:\/\//.test(form.media_url ?? '')) return kaleyraError(400, 'E400', 'media_url is required');
    } else return kaleyraError(400, 'E400', `Unsupported type ${form.type}`);
    const id = fakeId('');
    const messageId = `${id}-${form.to}`;
    sent.push({ version: 1, id: messageId, fields: form });
    return {
      status: 202,
      body: {
        id,
        data: [{ message_id: messageId, recipient: form.to, status: 'queued' }],
        totalCount: 1,
        message: 'WhatsApp message(s) queued successfully',
      },
    };
  }

  function v2(request: RecordedRequest, number: string): FakeReply {
    if (number.replace(/^\+/, '') !== businessNumber)
      return kaleyraError(400, 'E409', `The number ${number} is not on this account`);
    const body = request.json;
    if (!isObject(body) || !isObject(body.messaging_object))
      return kaleyraError(400, 'E400', 'messaging_object is required');
    const message = body.messaging_object;
    if (message.messaging_product !== 'whatsapp')
      return kaleyraError(400, 'E400', 'messaging_product must be whatsapp');
    if (!/^\+?\d{8,15}$/.test(String(message.to ?? ''))) return kaleyraError(400, 'E400', 'Invalid to number');
    const type = String(message.type ?? '');
    if (!isObject(message[type])) return kaleyraError(400, 'E400', `The ${type || 'message'} object is missing`);
    const id = `wamid.${Buffer.from(fakeId('k')).toString('base64')}`;
    sent.push({ version: 2, id, fields: message });
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: String(message.to), wa_id: String(message.to).replace(/^\+/, '') }],
        messages: [{ id }],
      },
    };
  }

  const fake = await startFakeServer((request, failure) => {
    const v1Match = /^\/v1\/([^/]+)\/messages$/.exec(request.path);
    const v2Match = /^\/v2\/([^/]+)\/whatsapp\/([^/]+)\/messages$/.exec(request.path);
    const match = v1Match ?? v2Match;
    if (!match || request.method !== 'POST') return kaleyraError(404, 'E404', 'Not found');
    if (match[1] !== sid || request.headers['api-key'] !== apiKey)
      return v2Match
        ? kaleyraError(401, 'RBC001', 'Incorrect SID or API Key.')
        : kaleyraError(401, 'E401', 'Invalid API key', { 'api-key': 'Invalid api-key' });
    if (failure) return failureReply(failure, v1Match ? 1 : 2);
    return v1Match ? v1(request) : v2(request, v2Match![2]!);
  });

  return {
    ...fake,
    sid,
    apiKey,
    businessNumber,
    credentials: () => ({ apiKey, sid, contactId: businessNumber, wabaId: '', region: 'ind' }),
    sent,
    reset() {
      fake.reset();
      sent.length = 0;
    },
  };
}

/** A v2 status webhook as Kaleyra posts it ("wa-status-update-webhooks-payload-v2-sent"). */
export function kaleyraV2StatusCallback(
  wamid: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  options: { recipient?: string; timestamp?: number; error?: { code: number; title: string } } = {},
): Json {
  return {
    meta_object: {
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '919000012345', phone_number_id: '104000000000060' },
        statuses: [
          {
            // Kaleyra's sample shows its own id here; the wamid travels beside the value.
            id: 'a07f9c3269f79de00000acac299cfb',
            status,
            timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
            recipient_id: options.recipient ?? '919845012345',
            ...(options.error ? { errors: [{ ...options.error, message: options.error.title }] } : {}),
          },
        ],
      },
      field: 'messages',
    },
    extra_info: { trace_id: '8f14e45f-e000-4c1a-9e77-1a5000000000', message_id: wamid, waba_id: '120000034512345' },
    status,
    message_id: wamid,
  };
}

/** A template status update posted by a callback profile ("template-status-update"). */
export function kaleyraTemplateCallback(update: {
  id: string;
  name: string;
  language: string;
  event: string;
  reason?: string;
}): Json {
  return {
    id: '17250000000001',
    time: '1760000000',
    event: update.event,
    message_template_id: update.id,
    message_template_name: update.name,
    message_template_language: update.language,
    reason: update.reason ?? 'NONE',
    callback_profile_id: 'IN_09b3dfa7-e05d-4d84-ab2d-6ed654272000',
    company_id: '1000',
  };
}
