import crypto from 'node:crypto';
import {
  VendorError,
  type DeliveryStatus,
  type InboundMessage,
  type ParsedWebhook,
  type SharedContact,
  type StatusEvent,
  type TemplateStatusEvent,
  type WebhookRequest,
  type WebhookVerdict,
} from './vendor-adapter';
import { metaTemplateCategories, metaTemplateStatus } from './whatsapp-template-status';

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

const toE164 = (value: unknown) => {
  const digits = String(value ?? '').replace(/[^\d]/g, '');
  return digits ? `+${digits}` : '';
};
/** A phone number as WhatsApp writes one (digits, perhaps a plus), not a user id such as `US.1349…`. */
const isPhone = (value: unknown): value is string | number =>
  (typeof value === 'string' || typeof value === 'number') && /^\+?\d{5,20}$/.test(String(value).trim());
const toDate = (value: unknown) => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
};

type Json = Record<string, unknown>;
const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((item): item is Json => typeof item === 'object' && item !== null) : [];
const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
const finite = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};
/** The keys of `fields` whose value is a string, under the names given. */
function strings<K extends string>(source: Json, fields: Record<K, string>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [key, name] of Object.entries(fields) as [K, string][]) {
    const value = str(source[name]);
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** A status's or message's errors: `{code, title}` with Meta's details where it gave them. */
function errorsOf(value: unknown) {
  return objects(value).map((error) => {
    const details = str(object(error.error_data).details);
    return {
      code: str(error.code) ?? '',
      title: str(error.message) ?? str(error.title) ?? details ?? 'Failed',
      ...(details ? { details } : {}),
    };
  });
}

/** The contact cards of a `contacts` message. */
function sharedContacts(value: unknown): SharedContact[] {
  return objects(value).map((card) => {
    const name = object(card.name);
    const org = object(card.org);
    const organization = strings(org, { company: 'company', department: 'department', title: 'title' });
    const birthday = str(card.birthday);
    return {
      name: {
        formattedName:
          str(name.formatted_name) ?? ([str(name.first_name), str(name.last_name)].filter(Boolean).join(' ') || ''),
        ...strings(name, { firstName: 'first_name', lastName: 'last_name' }),
      },
      phones: objects(card.phones)
        .filter((phone) => str(phone.phone))
        .map((phone) => ({ phone: str(phone.phone)!, ...strings(phone, { type: 'type', waId: 'wa_id' }) })),
      emails: objects(card.emails)
        .filter((email) => str(email.email))
        .map((email) => ({ email: str(email.email)!, ...strings(email, { type: 'type' }) })),
      ...(Object.keys(organization).length > 0 ? { organization } : {}),
      urls: objects(card.urls)
        .filter((url) => str(url.url))
        .map((url) => ({ url: str(url.url)!, ...strings(url, { type: 'type' }) })),
      ...(birthday ? { birthday } : {}),
    };
  });
}

/** A Flow's `response_json`: Meta sends it as a JSON string; kept as an object (the string itself if it is not JSON). */
function flowResponse(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json;
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Json)
      : { value: parsed };
  } catch {
    return { raw: value };
  }
}

/** Fills the typed content of one message (`messages[]` item) into `message`. */
function readContent(item: Json, message: InboundMessage) {
  const type = String(item.type ?? 'unknown');
  const part = object(item[type]);
  switch (type) {
    case 'text':
      message.type = 'text';
      message.text = str(part.body) ?? '';
      return;
    case 'button': {
      message.type = 'button';
      message.text = str(part.text) ?? '';
      const payload = str(part.payload);
      if (payload !== undefined) message.buttonPayload = payload;
      message.reply = { kind: 'quick_reply', id: payload ?? message.text, title: message.text };
      return;
    }
    case 'interactive': {
      const kind = String(part.type ?? '');
      if (kind === 'nfm_reply' || (part.nfm_reply && !part.button_reply && !part.list_reply)) {
        const reply = object(part.nfm_reply);
        const response = flowResponse(reply.response_json);
        message.type = 'flow';
        message.text = str(reply.body) ?? 'Sent';
        const flowToken = str(response.flow_token);
        const name = str(reply.name);
        message.flow = { response, ...(flowToken ? { flowToken } : {}), ...(name ? { name } : {}) };
        return;
      }
      const list = kind === 'list_reply' || (!part.button_reply && part.list_reply);
      const reply = object(list ? part.list_reply : part.button_reply);
      message.type = 'button';
      message.text = str(reply.title) ?? '';
      const id = str(reply.id);
      if (id !== undefined) message.buttonPayload = id;
      const description = str(reply.description);
      message.reply = {
        kind: list ? 'list' : 'button',
        id: id ?? '',
        title: message.text,
        ...(description ? { description } : {}),
      };
      return;
    }
    case 'image':
    case 'video':
    case 'document':
    case 'audio':
    case 'sticker': {
      message.type = type;
      const caption = str(part.caption);
      message.text = caption ?? '';
      message.media = {
        ...strings(part, { id: 'id', url: 'link', mimeType: 'mime_type', fileName: 'filename', sha256: 'sha256' }),
        ...(caption !== undefined ? { caption } : {}),
        ...(typeof part.animated === 'boolean' ? { animated: part.animated } : {}),
      };
      if (type === 'sticker') message.text = 'Sticker';
      else if (!message.text && message.media.fileName) message.text = message.media.fileName;
      return;
    }
    case 'location': {
      const latitude = finite(part.latitude);
      const longitude = finite(part.longitude);
      if (latitude === undefined || longitude === undefined) break;
      const named = strings(part, { name: 'name', address: 'address', url: 'url' });
      message.type = 'location';
      message.location = { latitude, longitude, ...named };
      message.text = [named.name, named.address].filter(Boolean).join(', ') || `Location ${latitude}, ${longitude}`;
      return;
    }
    case 'contacts': {
      const contacts = sharedContacts(item.contacts);
      message.type = 'contacts';
      message.contacts = contacts;
      message.text = `Contact: ${contacts.map((card) => card.name.formattedName || card.phones[0]?.phone || '?').join(', ')}`;
      return;
    }
    case 'reaction': {
      const messageId = str(part.message_id);
      if (!messageId) break;
      const emoji = str(part.emoji) ?? '';
      message.type = 'reaction';
      message.reaction = { messageId, emoji };
      message.text = emoji ? `Reacted ${emoji}` : 'Removed a reaction';
      return;
    }
    case 'order': {
      const items = objects(part.product_items).map((product) => ({
        productRetailerId: str(product.product_retailer_id) ?? '',
        quantity: finite(product.quantity) ?? 1,
        ...(finite(product.item_price) !== undefined ? { itemPrice: finite(product.item_price)! } : {}),
        ...(str(product.currency) ? { currency: str(product.currency)! } : {}),
      }));
      message.type = 'order';
      message.order = { ...strings(part, { catalogId: 'catalog_id', text: 'text' }), items };
      message.text = `Order of ${items.length} item${items.length === 1 ? '' : 's'}${message.order.text ? `: ${message.order.text}` : ''}`;
      return;
    }
    case 'system': {
      message.type = 'system';
      const body = str(part.body) ?? '';
      message.system = {
        kind: str(part.type) ?? 'system',
        body,
        ...strings(part, { newWaId: 'wa_id', userId: 'user_id' }),
      };
      message.text = body;
      return;
    }
    default:
      break;
  }
  // unsupported, unknown, or a documented type without its content: kept as 'other' with WhatsApp's reason.
  message.type = 'other';
  const errors = errorsOf(item.errors);
  if (errors.length > 0) message.errors = errors;
  message.text = errors[0]
    ? `Unsupported message: ${errors[0].details ?? errors[0].title}`
    : `Unsupported message (${type})`;
}

/** A customer as `contacts[]` names them: phone (wa_id), business-scoped user id, username, profile name. */
interface Sender {
  phone?: string;
  userId?: string;
  username?: string;
  name?: string;
}

/** The `value` of one `messages` change: its statuses and messages, each with the change's phone number id. */
function readMessagesChange(value: Json, parsed: ParsedWebhook) {
  const phoneNumberId = str(object(value.metadata).phone_number_id);
  const routed = phoneNumberId ? { phoneNumberId } : {};
  for (const item of objects(value.statuses)) {
    const status = statusNames[String(item.status ?? '')];
    if (!status || typeof item.id !== 'string') continue;
    const event: StatusEvent = { vendorMessageId: item.id, status, at: toDate(item.timestamp), ...routed };
    const recipient = item.recipient_id ?? item.recipient_user_id;
    if (recipient !== undefined) event.recipient = isPhone(recipient) ? toE164(recipient) : String(recipient);
    const error = errorsOf(item.errors)[0];
    if (error) event.error = { code: error.code, title: error.title };
    parsed.statuses.push(event);
  }
  const senders: Sender[] = objects(value.contacts).map((contact) => {
    const profile = object(contact.profile);
    return {
      ...(isPhone(contact.wa_id) ? { phone: toE164(contact.wa_id) } : {}),
      ...strings(contact, { userId: 'user_id' }),
      ...strings(profile, { username: 'username', name: 'name' }),
    };
  });
  for (const item of objects(value.messages)) {
    if (typeof item.id !== 'string') continue;
    // `from` is the phone number, absent (or a user id) when WhatsApp withholds it.
    const phone = isPhone(item.from) ? toE164(item.from) : undefined;
    const userId = str(item.from_user_id) ?? (item.from !== undefined && !phone ? str(item.from) : undefined);
    const sender =
      senders.find((candidate) => (phone && candidate.phone === phone) || (userId && candidate.userId === userId)) ??
      (senders.length === 1 ? senders[0] : undefined) ??
      {};
    const identity = {
      phone: phone ?? sender.phone,
      userId: userId ?? sender.userId,
      username: sender.username,
    };
    const message: InboundMessage = {
      vendorMessageId: item.id,
      from: identity.phone ?? identity.userId ?? (identity.username ? `@${identity.username.replace(/^@/, '')}` : ''),
      at: toDate(item.timestamp),
      type: 'other',
      text: '',
      ...routed,
    };
    if (sender.name) message.name = sender.name;
    if (identity.userId) message.userId = identity.userId;
    if (identity.username) message.username = identity.username;
    const context = object(item.context);
    const contextId = str(context.id);
    if (contextId) message.context = { messageId: contextId, ...strings(context, { from: 'from' }) };
    readContent(item, message);
    parsed.inbound.push(message);
  }
}

/** A template change: a status event (with its category), or a category update alone. */
function readTemplateChange(field: string, value: Json, parsed: ParsedWebhook, wabaId: string | undefined) {
  const ids = {
    ...(wabaId ? { wabaId } : {}),
    ...(value.message_template_id !== undefined ? { vendorTemplateId: String(value.message_template_id) } : {}),
    ...strings(value, { name: 'message_template_name', language: 'message_template_language' }),
  };
  if (field === 'template_category_update') {
    const category = String(value.new_category ?? value.correct_category ?? '').toUpperCase();
    if (metaTemplateCategories.has(category)) parsed.templates.push({ ...ids, category });
    return;
  }
  const status = metaTemplateStatus(value.event);
  if (!status) return;
  const event: TemplateStatusEvent = { ...ids, status };
  const category = String(value.message_template_category ?? '').toUpperCase();
  if (metaTemplateCategories.has(category)) event.category = category;
  const reason = value.reason ?? value.other_info;
  const rejection = object(value.rejection_info);
  if (typeof reason === 'string' && reason !== 'NONE') event.reason = reason;
  else if (reason && typeof reason === 'object' && typeof (reason as Json).description === 'string')
    event.reason = String((reason as Json).description);
  if (typeof rejection.reason === 'string' && rejection.reason)
    event.reason = event.reason ? `${event.reason}: ${rejection.reason}` : rejection.reason;
  parsed.templates.push(event);
}

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
      const value = object(change.value);
      const field = change.field === undefined ? 'messages' : String(change.field);
      if (field === 'message_template_status_update' || field === 'template_category_update')
        readTemplateChange(field, value, parsed, str(entry.id));
      else if (field === 'messages') readMessagesChange(value, parsed);
      // Other fields (quality updates, account alerts, …) change nothing Parley keeps.
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
