import crypto from 'node:crypto';
import type { FakeMetaAccount } from './meta';

/**
 * The webhooks Meta's Cloud API sends, in the shapes of its webhooks reference (messages of every
 * type, statuses with conversation and pricing, template status and category updates), and
 * signed as Meta signs them: `X-Hub-Signature-256: sha256=<HMAC-SHA256(app secret, raw body)>`.
 * The fake Cloud API (meta.ts) sends these to a channel's webhook URL; tests build them here.
 */

type Json = Record<string, unknown>;
const now = () => Math.floor(Date.now() / 1000);
let sequence = 0;
/** A wamid as Meta writes them (base64 of an opaque id). */
export const wamid = (tag = 'in') =>
  `wamid.${Buffer.from(`HBgM${tag}${++sequence}${crypto.randomBytes(6).toString('hex')}`).toString('base64')}`;

/** `contacts[]` of a customer with a phone number (wa_id) and a profile name. */
export const customer = (waId: string, name = 'Asha Rao') => ({ profile: { name }, wa_id: waId.replace(/^\+/, '') });

/**
 * `contacts[]` of a customer who adopted a WhatsApp username: the business-scoped user id
 * (`user_id`, BSUID) and the username, no wa_id (the phone number is withheld).
 */
export const usernameCustomer = (userId: string, username: string, name = 'Maria Lopez') => ({
  profile: { name, username },
  user_id: userId,
});

/** A media `messages[]` item: `type` and its part under the same key (the caption first, when given). */
const mediaItem = (type: string, part: Json, caption?: string) => ({
  type,
  [type]: { ...(caption ? { caption } : {}), ...part },
});

/** One `messages[]` item of each documented type (the sender's `from` set by `messagesChange`). */
export const metaMessage = {
  text: (body: string, extra: Json = {}) => ({ type: 'text', text: { body }, ...extra }),
  image: (caption?: string) =>
    mediaItem(
      'image',
      { mime_type: 'image/jpeg', sha256: 'ZmFrZS1pbWFnZS1zaGEyNTY=', id: '1003383421387256' },
      caption,
    ),
  audio: (voice = true) =>
    mediaItem('audio', {
      mime_type: 'audio/ogg; codecs=opus',
      sha256: 'ZmFrZS1hdWRpbw==',
      id: '1003383421387257',
      voice,
    }),
  video: (caption?: string) =>
    mediaItem('video', { mime_type: 'video/mp4', sha256: 'ZmFrZS12aWRlbw==', id: '1003383421387258' }, caption),
  document: (filename = 'invoice.pdf', caption?: string) =>
    mediaItem(
      'document',
      { filename, mime_type: 'application/pdf', sha256: 'ZmFrZS1kb2N1bWVudA==', id: '1003383421387259' },
      caption,
    ),
  sticker: (animated = false) =>
    mediaItem('sticker', { mime_type: 'image/webp', sha256: 'ZmFrZS1zdGlja2Vy', id: '1003383421387260', animated }),
  location: (place: { latitude: number; longitude: number; name?: string; address?: string; url?: string }) => ({
    type: 'location',
    location: place,
  }),
  contacts: () => ({
    type: 'contacts',
    contacts: [
      {
        addresses: [{ city: 'Bengaluru', country: 'India', country_code: 'IN', street: '12 MG Road', type: 'WORK' }],
        birthday: '1990-04-12',
        emails: [{ email: 'ravi@example.com', type: 'WORK' }],
        name: { formatted_name: 'Ravi Kumar', first_name: 'Ravi', last_name: 'Kumar' },
        org: { company: 'Kumar Traders', title: 'Owner' },
        phones: [{ phone: '+91 98450 12345', type: 'MOBILE', wa_id: '919845012345' }],
        urls: [{ url: 'https://kumar.example', type: 'WORK' }],
      },
    ],
  }),
  reaction: (messageId: string, emoji: string) => ({ type: 'reaction', reaction: { message_id: messageId, emoji } }),
  /** A template's quick-reply button. */
  button: (text: string, payload: string, contextId?: string) => ({
    type: 'button',
    button: { payload, text },
    ...(contextId ? { context: { from: '15550783881', id: contextId } } : {}),
  }),
  buttonReply: (id: string, title: string) => ({
    type: 'interactive',
    interactive: { type: 'button_reply', button_reply: { id, title } },
  }),
  listReply: (id: string, title: string, description?: string) => ({
    type: 'interactive',
    interactive: { type: 'list_reply', list_reply: { id, title, ...(description ? { description } : {}) } },
  }),
  /** A WhatsApp Flow's answer: response_json is a JSON string holding the fields and the flow_token. */
  flowReply: (fields: Json, flowToken: string) => ({
    type: 'interactive',
    interactive: {
      type: 'nfm_reply',
      nfm_reply: { name: 'flow', body: 'Sent', response_json: JSON.stringify({ ...fields, flow_token: flowToken }) },
    },
  }),
  order: () => ({
    type: 'order',
    order: {
      catalog_id: '1537235710290183',
      text: 'Deliver by Friday',
      product_items: [
        { product_retailer_id: 'SKU-1', quantity: 2, item_price: 199.5, currency: 'INR' },
        { product_retailer_id: 'SKU-2', quantity: 1, item_price: 49, currency: 'INR' },
      ],
    },
  }),
  system: (body: string, newWaId: string) => ({
    type: 'system',
    system: { body, wa_id: newWaId, type: 'user_changed_number' },
  }),
  unsupported: () => ({
    type: 'unsupported',
    errors: [
      {
        code: 131051,
        title: 'Message type unknown',
        message: 'Message type unknown',
        error_data: { details: 'Message type is currently not supported.' },
      },
    ],
  }),
};

/** A `messages` change: who wrote (contacts[]) and their messages, to one business number. */
export function messagesChange(
  account: Pick<FakeMetaAccount, 'phoneNumberId' | 'displayPhoneNumber'>,
  sender: { from?: string; contact?: Json },
  messages: Json[],
) {
  return {
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: account.displayPhoneNumber.replace(/[^\d]/g, ''),
        phone_number_id: account.phoneNumberId,
      },
      ...(sender.contact ? { contacts: [sender.contact] } : {}),
      messages: messages.map((message) => ({
        ...(sender.from !== undefined ? { from: sender.from.replace(/^\+/, '') } : {}),
        id: wamid(),
        timestamp: String(now()),
        ...message,
      })),
    },
  };
}

/** One status of a message Parley sent, with conversation and pricing as Meta adds them. */
export function metaStatus(
  id: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  recipient: string,
  extra: Json = {},
): Json {
  const billable = status !== 'failed' && status !== 'read';
  return {
    id,
    status,
    timestamp: String(now()),
    recipient_id: recipient.replace(/^\+/, ''),
    ...(status === 'failed'
      ? {
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              message: 'Message undeliverable',
              error_data: { details: 'Message Undeliverable.' },
            },
          ],
        }
      : {}),
    ...(billable
      ? {
          conversation: {
            id: 'CONVERSATION_ID',
            ...(status === 'sent' ? { expiration_timestamp: String(now() + 86400) } : {}),
            origin: { type: 'utility' },
          },
          pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
        }
      : {}),
    ...extra,
  };
}

/** A `messages` change carrying statuses for one business number. */
export function statusesChange(
  account: Pick<FakeMetaAccount, 'phoneNumberId' | 'displayPhoneNumber'>,
  statuses: Json[],
) {
  return {
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: account.displayPhoneNumber.replace(/[^\d]/g, ''),
        phone_number_id: account.phoneNumberId,
      },
      statuses,
    },
  };
}

/** A message_template_status_update change (event APPROVED, PAUSED, REINSTATED, ARCHIVED, …). */
export function templateStatusChange(template: {
  event: string;
  id: string | number;
  name: string;
  language: string;
  category?: string;
  reason?: string | null;
  otherInfo?: { title: string; description: string };
}) {
  return {
    field: 'message_template_status_update',
    value: {
      event: template.event,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: template.reason === undefined ? 'NONE' : template.reason,
      ...(template.category ? { message_template_category: template.category } : {}),
      ...(template.otherInfo ? { other_info: template.otherInfo } : {}),
    },
  };
}

/** A template_category_update change: Meta moved a template to another category. */
export function templateCategoryChange(template: {
  id: string | number;
  name: string;
  language: string;
  previous: string;
  next: string;
}) {
  return {
    field: 'template_category_update',
    value: {
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      previous_category: template.previous,
      new_category: template.next,
    },
  };
}

/** The envelope: one entry per WhatsApp Business Account, each with its changes. */
export function metaWebhookBody(entries: { wabaId: string; changes: Json[] }[]) {
  return {
    object: 'whatsapp_business_account',
    entry: entries.map((entry) => ({ id: entry.wabaId, time: now(), changes: entry.changes })),
  };
}

/** The raw bytes and headers of a webhook POST as Meta sends it, signed with the app secret. */
export function signedMetaWebhook(body: unknown, appSecret: string) {
  const payload = JSON.stringify(body);
  const signature = `sha256=${crypto.createHmac('sha256', appSecret).update(payload).digest('hex')}`;
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'facebookexternalua',
      'x-hub-signature-256': signature,
    },
  };
}
