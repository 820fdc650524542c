import crypto from 'node:crypto';
import {
  VendorError,
  type DeliveryStatus,
  type InboundMessage,
  type ParsedWebhook,
  type StatusEvent,
  type TemplateStatusEvent,
  type WebhookRequest,
  type WebhookVerdict,
} from './vendor-adapter';

/**
 * Meta's webhook scheme (reference/whatsapp.md §3), shared by the Cloud API adapter and the
 * Sandbox, which speaks the same callback shape: GET verification echoing hub.challenge, an
 * HMAC-SHA256 signature of the raw body compared in constant time, and the
 * `entry[].changes[].value` payload with statuses, messages and template status updates.
 */

/** GET ?hub.mode=subscribe&hub.verify_token=T&hub.challenge=N → N, when T is the channel's token. */
export function verifyChallenge(request: WebhookRequest, verifyToken: string): WebhookVerdict {
  const mode = request.query['hub.mode'];
  const token = request.query['hub.verify_token'] ?? '';
  const challenge = request.query['hub.challenge'];
  if (mode !== 'subscribe' || challenge === undefined) {
    return { kind: 'reject', status: 400, reason: 'Expected hub.mode=subscribe with a hub.challenge' };
  }
  if (!constantTimeEqual(token, verifyToken)) {
    return { kind: 'reject', status: 403, reason: 'The verify token does not match this channel' };
  }
  return { kind: 'challenge', body: challenge };
}

/** Checks `sha256=<hex HMAC-SHA256(secret, raw body)>` in the given header. */
export function verifyHmacSignature(request: WebhookRequest, header: string, secret: string): WebhookVerdict {
  const signature = request.headers[header];
  if (!signature) return { kind: 'reject', status: 401, reason: `The ${header} header is missing` };
  const match = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!match) return { kind: 'reject', status: 401, reason: `The ${header} header is not sha256=<hex>` };
  const expected = crypto.createHmac('sha256', secret).update(request.rawBody).digest();
  const given = Buffer.from(match[1]!, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { kind: 'reject', status: 401, reason: 'The signature does not match the body' };
  }
  return { kind: 'accept' };
}

/** `sha256=<hex>` of a body, as a sender signs it (the Sandbox, and tests). */
export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

function constantTimeEqual(a: string, b: string) {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right) && a.length === b.length;
}

const statusNames: Record<string, DeliveryStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};
const templateStatusNames = new Set(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']);

const toE164 = (value: unknown) => {
  const digits = String(value ?? '').replace(/[^\d]/g, '');
  return digits ? `+${digits}` : '';
};
const toDate = (value: unknown) => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
};

type Json = Record<string, unknown>;
const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((item): item is Json => typeof item === 'object' && item !== null) : [];

/** Parses Meta's callback body; a body that is not JSON or not of this shape is refused. */
export function parseWhatsAppWebhook(rawBody: Buffer): ParsedWebhook {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new VendorError('permanent', 'malformed', 'The callback body is not JSON');
  }
  if (typeof body !== 'object' || body === null || !Array.isArray((body as Json).entry)) {
    throw new VendorError('permanent', 'malformed', 'The callback body has no entry list');
  }
  const parsed: ParsedWebhook = { statuses: [], inbound: [], templates: [] };
  for (const entry of objects((body as Json).entry)) {
    for (const change of objects(entry.changes)) {
      const value = (change.value ?? {}) as Json;
      if (change.field === 'message_template_status_update') {
        const event = String(value.event ?? '').toUpperCase();
        if (!templateStatusNames.has(event)) continue;
        const status: TemplateStatusEvent = {
          status: event as TemplateStatusEvent['status'],
          ...(value.message_template_id !== undefined ? { vendorTemplateId: String(value.message_template_id) } : {}),
          ...(typeof value.message_template_name === 'string' ? { name: value.message_template_name } : {}),
          ...(typeof value.message_template_language === 'string' ? { language: value.message_template_language } : {}),
        };
        const reason = value.reason ?? value.other_info;
        if (typeof reason === 'string' && reason !== 'NONE') status.reason = reason;
        else if (reason && typeof reason === 'object' && typeof (reason as Json).description === 'string')
          status.reason = String((reason as Json).description);
        parsed.templates.push(status);
        continue;
      }
      if (change.field !== undefined && change.field !== 'messages') continue;
      for (const item of objects(value.statuses)) {
        const status = statusNames[String(item.status ?? '')];
        if (!status || typeof item.id !== 'string') continue;
        const event: StatusEvent = { vendorMessageId: item.id, status, at: toDate(item.timestamp) };
        if (item.recipient_id !== undefined) event.recipient = toE164(item.recipient_id);
        const error = objects(item.errors)[0];
        if (error) {
          const details = (error.error_data as Json | undefined)?.details;
          event.error = {
            code: String(error.code ?? ''),
            title: String(error.message ?? error.title ?? details ?? 'Failed'),
          };
        }
        parsed.statuses.push(event);
      }
      const names = new Map<string, string>();
      for (const contact of objects(value.contacts)) {
        const name = (contact.profile as Json | undefined)?.name;
        if (typeof contact.wa_id === 'string' && typeof name === 'string') names.set(toE164(contact.wa_id), name);
      }
      for (const item of objects(value.messages)) {
        if (typeof item.id !== 'string') continue;
        const from = toE164(item.from);
        const type = String(item.type ?? 'other');
        const message: InboundMessage = {
          vendorMessageId: item.id,
          from,
          at: toDate(item.timestamp),
          type: 'other',
          text: '',
        };
        const name = names.get(from);
        if (name) message.name = name;
        if (type === 'text') {
          message.type = 'text';
          message.text = String((item.text as Json | undefined)?.body ?? '');
        } else if (type === 'button') {
          message.type = 'button';
          const button = (item.button ?? {}) as Json;
          message.text = String(button.text ?? '');
          if (button.payload !== undefined) message.buttonPayload = String(button.payload);
        } else if (type === 'interactive') {
          const interactive = (item.interactive ?? {}) as Json;
          const reply = (interactive.button_reply ?? interactive.list_reply ?? {}) as Json;
          message.type = 'button';
          message.text = String(reply.title ?? '');
          if (reply.id !== undefined) message.buttonPayload = String(reply.id);
        } else if (type === 'image' || type === 'video' || type === 'document' || type === 'audio') {
          const media = (item[type] ?? {}) as Json;
          message.type = type;
          message.text = String(media.caption ?? '');
          message.media = {
            ...(typeof media.id === 'string' ? { id: media.id } : {}),
            ...(typeof media.link === 'string' ? { url: media.link } : {}),
            ...(typeof media.mime_type === 'string' ? { mimeType: media.mime_type } : {}),
            ...(typeof media.caption === 'string' ? { caption: media.caption } : {}),
          };
        }
        parsed.inbound.push(message);
      }
    }
  }
  return parsed;
}

/** Builds a callback body in Meta's shape (the Sandbox sends these; tests use them too). */
export function whatsAppCallback(
  phoneNumberId: string,
  value: {
    statuses?: {
      id: string;
      status: DeliveryStatus;
      timestamp: number;
      recipient_id: string;
      errors?: { code: number; title: string; message: string }[];
    }[];
    messages?: Json[];
    contacts?: { wa_id: string; profile: { name: string } }[];
  },
  displayPhoneNumber = '',
): Json {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: phoneNumberId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A template status update in Meta's shape. */
export function templateStatusCallback(
  wabaId: string,
  update: {
    event: string;
    message_template_id: string;
    message_template_name: string;
    message_template_language: string;
    reason?: string;
  },
): Json {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        time: Math.floor(Date.now() / 1000),
        changes: [{ field: 'message_template_status_update', value: { reason: 'NONE', ...update } }],
      },
    ],
  };
}
