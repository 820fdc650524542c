import {
  fakeId,
  startFakeServer,
  type FailKind,
  type FakeReply,
  type FakeVendor,
  type RecordedRequest,
} from './fake-server';

/**
 * A fake Karix RCM (rcmapi.instaalerts.zone): `POST /services/rcm/sendMessage` with the header
 * `Authentication: Bearer <key>` (an `Authorization` header alone is refused, as Karix does).
 * Success and error bodies `{mid?, statusCode, statusDesc}` follow integrations seen in public
 * code; Karix's own documentation of them could not be read (see karix-rcm.ts).
 */

export interface FakeKarix extends FakeVendor {
  accKey: string;
  sender: string;
  credentials(extra?: Record<string, string>): Record<string, string>;
  sent: { mid: string; body: Record<string, unknown> }[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const karixError = (status: number, statusCode: string, statusDesc: string): FakeReply => ({
  status,
  body: { statusCode, statusDesc },
});

function failureReply(kind: Exclude<FailKind, 'hang'>): FakeReply {
  switch (kind) {
    case 'auth':
      return karixError(401, '401', 'Authentication failed: invalid access key');
    case 'permanent':
      return karixError(400, '400', 'Invalid template id');
    case 'throughput':
      return karixError(429, '429', 'Throttled: too many requests');
    case 'maintenance':
      return karixError(503, '503', 'Service under maintenance');
    case 'server':
      return karixError(500, '500', 'Internal server error');
    case 'outsideWindow':
      return karixError(200, '470', 'Message outside the 24-hour customer care window');
  }
}

export async function startFakeKarix(options: { accKey?: string; sender?: string } = {}): Promise<FakeKarix> {
  const accKey = options.accKey ?? 'fake-karix-key';
  const sender = options.sender ?? '919000012345';
  const sent: FakeKarix['sent'] = [];

  function send(request: RecordedRequest): FakeReply {
    const body = request.json;
    if (!isObject(body) || !isObject(body.message)) return karixError(400, '400', 'message is required');
    const message = body.message;
    if (message.channel !== 'WABA') return karixError(400, '400', 'channel must be WABA');
    if (!isObject(message.sender) || message.sender.from !== sender)
      return karixError(400, '400', 'sender.from is not a number of this account');
    if (!isObject(message.recipient) || !/^\d{8,15}$/.test(String(message.recipient.to)))
      return karixError(400, '400', 'recipient.to is not a phone number');
    const content = message.content;
    if (!isObject(content)) return karixError(400, '400', 'content is required');
    if (content.type === 'TEMPLATE') {
      if (!isObject(content.template) || !content.template.templateId)
        return karixError(400, '400', 'template.templateId is required');
    } else if (content.type === 'MEDIA_TEMPLATE') {
      if (!isObject(content.mediaTemplate) || !content.mediaTemplate.templateId)
        return karixError(400, '400', 'mediaTemplate.templateId is required');
    } else if (content.type === 'TEXT') {
      if (!content.text) return karixError(400, '400', 'text is required');
    } else if (content.type === 'ATTACHMENT') {
      if (!isObject(content.attachment) || !/^https?:\/\//.test(String(content.attachment.url)))
        return karixError(400, '400', 'attachment.url is required');
    } else return karixError(400, '400', `Unsupported content type ${String(content.type)}`);
    const mid = fakeId('');
    sent.push({ mid, body });
    return { status: 200, body: { mid, statusCode: '200', statusDesc: 'Successfully Accepted' } };
  }

  const fake = await startFakeServer((request, failure) => {
    if (request.method !== 'POST' || request.path !== '/services/rcm/sendMessage')
      return karixError(404, '404', 'Not found');
    if (request.headers.authentication !== `Bearer ${accKey}`)
      return karixError(401, '401', 'Authentication failed: invalid access key');
    if (failure) return failureReply(failure);
    return send(request);
  });

  return {
    ...fake,
    accKey,
    sender,
    credentials: (extra = {}) => ({
      environment: 'production',
      accKey,
      contactId: sender,
      wabaId: '',
      webhookId: '1001',
      ...extra,
    }),
    sent,
    reset() {
      fake.reset();
      sent.length = 0;
    },
  };
}
