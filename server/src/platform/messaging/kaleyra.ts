import crypto from 'node:crypto';
import {
  VendorError,
  whatsappErrorKind,
  type AdapterChannel,
  type DeliveryStatus,
  type HttpAdapterOptions,
  type InboundMessage,
  type ParsedWebhook,
  type StatusEvent,
  type TemplateMessage,
  type TemplateStatusEvent,
  type VendorAdapter,
  withoutButtons,
} from './vendor-adapter';
import {
  callVendor,
  describeFailure,
  digitsOf,
  excerpt,
  isObject,
  kindOfStatus,
  trimSlash,
  type Json,
  type VendorAnswer,
} from './vendor-http';
import {
  acceptPost,
  dateOf,
  e164,
  emptyParsed,
  jsonBody,
  parseForwardedWhatsApp,
  records,
  text,
} from './vendor-webhooks';
import { cloudSessionPayload, cloudTemplatePayload, resolveTemplate } from './whatsapp-payloads';

/**
 * Kaleyra, verified against https://developers.kaleyra.io/docs/<page> (pages named below; UNVERIFIED
 * where marked).
 *
 * v1 (vendor 3): `POST https://api.kaleyra.io/v1/<SID>/messages`, header `api-key`, form fields.
 * - Numbers: `from` and `to` in E.164 with the plus ("send-a-media-message-through-whatsapp":
 *   "Ensure that the country code is prefixed to the number. (E164 format)", e.g. +1202XXXXXXX).
 * - Templates ("send-a-text-template-message-through-whatsapp", "send-a-media-template-message-
 *   through-whatsapp", "dynamic-url"): type=template | mediatemplate, template_name, lang_code,
 *   `params` = the body values, each in double quotes, comma-separated (`"A","B"`), header media as
 *   media_url, a header variable as `param_header`, a dynamic URL button's suffix as `param_url`.
 *   UNVERIFIED: how a double quote inside a value is escaped (sent as \"), and param_header with
 *   type=template (the docs show it on the media template page only). Offer codes, carousels and
 *   limited-time offers have no v1 fields: such templates are refused, pointing to v2.
 * - Session: type=text with `body`; type=media with media_url and caption
 *   ("send-a-text-message-through-whatsapp", "send-a-media-message-through-whatsapp").
 *
 * v2 (vendor 4): `POST https://<pod>/v2/<SID>/whatsapp/<business number>/messages` with
 * `{"messaging_object": <Cloud API payload>}` ("whatsapp-api-v2-send-template-messages"); pods
 * below. UNVERIFIED: the answer's shape (read as the Cloud API's `messages[0].id`) and whether the
 * number in the path carries the plus. Send errors RBC001 (SID or key) and WA401 are credential
 * refusals, WA500 is worth a retry ("whatsapp-api-v2-error-codes-for-send-message").
 *
 * Callbacks carry no signature: the secret key in the callback URL is the guard.
 * - v2 status and incoming webhooks are Meta's `value` wrapped as `{meta_object: {value, field},
 *   extra_info: {message_id, media_url, …}, status, message_id}` ("wa-status-update-webhooks-
 *   payload-v2-sent", "whatsapp-incoming-message-webhook-payload-contact-message").
 * - Callback profiles post the variables chosen for them: incoming messages body, mime_type,
 *   media_url, from, name, type, created_at, reply_to, wanumber, mobile, custom_response
 *   ("create-callback-profile-for-incoming-whatsapp-messages"); template updates id, time, event,
 *   message_template_id, message_template_name, message_template_language, reason
 *   ("template-status-update"). Statuses are SENT, DELIVERED, READ, FAILED, NOT-SENT
 *   ("whatsapp-status"). UNVERIFIED: the names of the v1 status variables (read as id, status,
 *   to/mobile, created_at, error/reason).
 */

export const kaleyraV1BaseUrl = 'https://api.kaleyra.io';

/**
 * Kaleyra v2's pods ("API Domain and Value" on the v2 send pages): IN api.in.kaleyra.io, SG
 * api.ap.kaleyra.io, EU api.eu.kaleyra.io; NA api.na.kaleyra.ai is listed on
 * "whatsapp-api-v2-send-media-messages" (some pages list SG as api.kaleyra.io).
 */
export const kaleyraV2Hosts: Record<string, string> = {
  ind: 'https://api.in.kaleyra.io',
  sg: 'https://api.ap.kaleyra.io',
  eu: 'https://api.eu.kaleyra.io',
  na: 'https://api.na.kaleyra.ai',
};

const statusNames: Record<string, DeliveryStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  'not-sent': 'failed',
  not_sent: 'failed',
  notsent: 'failed',
};

const authCodes = new Set(['E401', 'E403', 'RBC001', 'WA401', '401', '403']);
const retryableCodes = new Set(['E429', 'WA500']);

/** Kaleyra's `{code, message, error}` (or Meta's `{error:{code}}` forwarded by v2) as a VendorError. */
export function kaleyraError(vendorName: string, answer: VendorAnswer): VendorError {
  const body = isObject(answer.json) ? answer.json : {};
  const nested = isObject(body.error) ? body.error : undefined;
  const rawCode = nested?.code ?? body.code ?? `HTTP ${answer.status}`;
  const code = String(rawCode);
  let detail = text(nested?.message) || text(body.message);
  if (!detail && nested) {
    // Field errors: {"error": {"api-key": "Invalid api-key"}}
    detail = Object.entries(nested)
      .map(([field, value]) => `${field}: ${text(value)}`)
      .join('; ');
  }
  if (!detail && !isObject(answer.json)) detail = excerpt(answer.text);
  let kind = kindOfStatus(answer.status);
  if (authCodes.has(code.toUpperCase())) kind = 'auth';
  else if (/^\d+$/.test(code) && Number(code) >= 100) {
    // A WhatsApp error code passed through (131047, 130429, 470...).
    const whatsapp = whatsappErrorKind(code, answer.status);
    if (whatsapp !== 'permanent' || kind === 'permanent') kind = whatsapp;
  } else if (retryableCodes.has(code.toUpperCase())) kind = 'retryable';
  return new VendorError(
    kind,
    code,
    describeFailure(vendorName, kind, code, detail, { credential: 'API key' }),
    answer.status,
  );
}

/** v1's template fields from a message: body params, header media or variable, a URL suffix. */
function v1TemplateFields(message: TemplateMessage): Record<string, string> {
  const resolved = resolveTemplate(message);
  const urls = resolved.buttons.filter((button) => button.type === 'URL');
  const unsupported =
    (resolved.header?.kind === 'text' && resolved.header.parameters.length > 1 && 'more than one header variable') ||
    (resolved.buttons.some((button) => button.type === 'COPY_CODE') && 'offer codes') ||
    (urls.length > 1 && 'more than one URL button variable') ||
    (resolved.cards.length > 0 && 'carousel cards') ||
    (resolved.offerExpiresAt !== undefined && 'limited-time offers');
  if (unsupported)
    throw new VendorError(
      'permanent',
      'unsupported',
      `Kaleyra's v1 API cannot fill ${unsupported}; send this template through a Kaleyra v2 channel`,
    );
  const fields: Record<string, string> = {
    type: resolved.header?.kind === 'media' ? 'mediatemplate' : 'template',
    template_name: message.template.name,
    lang_code: message.template.language,
  };
  if (resolved.body.length > 0)
    fields.params = resolved.body.map((item) => `"${item.value.replace(/"/g, '\\"')}"`).join(',');
  if (resolved.header?.kind === 'media') fields.media_url = resolved.header.url;
  else if (resolved.header?.parameters[0]) fields.param_header = resolved.header.parameters[0].value;
  if (urls[0]) fields.param_url = urls[0].value;
  return fields;
}

/** The message id of a send answer: v1's data[0].message_id, v2's Cloud API messages[0].id. */
function messageIdOf(json: unknown): string | undefined {
  if (!isObject(json)) return undefined;
  const messages = Array.isArray(json.messages) ? json.messages : undefined;
  if (isObject(messages?.[0]) && text(messages[0].id)) return text(messages[0].id);
  const data = json.data;
  if (Array.isArray(data) && isObject(data[0])) return text(data[0].message_id) || text(data[0].id) || undefined;
  if (isObject(data)) return messageIdOf(data);
  return text(json.message_id) || undefined;
}

const templateStatuses: Record<string, TemplateStatusEvent['status']> = {
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  DISABLED: 'DISABLED',
  PAUSED: 'PAUSED',
  PENDING: 'PENDING',
};

/** A template status callback profile's variables ("template-status-update"). */
function templateEvent(record: Json): TemplateStatusEvent | null {
  const status = templateStatuses[text(record.event).toUpperCase()];
  if (!status) return null;
  const event: TemplateStatusEvent = { status };
  if (text(record.message_template_id)) event.vendorTemplateId = text(record.message_template_id);
  if (text(record.message_template_name)) event.name = text(record.message_template_name);
  if (text(record.message_template_language)) event.language = text(record.message_template_language);
  const reason = text(record.reason);
  if (reason && reason !== 'NONE') event.reason = reason;
  return event;
}

/**
 * v2's `{meta_object: {value, field}, extra_info, message_id}` read as Meta's `value`. The wamid
 * beside it (`message_id`, `extra_info.message_id`) names the message of a status, and
 * `extra_info.media_url` is where an incoming media file can be fetched.
 */
function parseMetaObject(record: Json): ParsedWebhook | null {
  const meta = record.meta_object;
  if (!isObject(meta) || !isObject(meta.value)) return null;
  if (meta.field !== undefined && meta.field !== 'messages') return emptyParsed();
  const parsed = parseForwardedWhatsApp(meta.value) ?? emptyParsed();
  const extra = isObject(record.extra_info) ? record.extra_info : {};
  const wamid = text(record.message_id) || text(extra.message_id);
  if (wamid && parsed.statuses.length === 1) parsed.statuses[0]!.vendorMessageId = wamid;
  const mediaUrl = text(extra.media_url);
  if (mediaUrl && parsed.inbound.length === 1 && parsed.inbound[0]!.media && !parsed.inbound[0]!.media.url)
    parsed.inbound[0]!.media.url = mediaUrl;
  return parsed;
}

/** Kaleyra callback profiles' flat variables. */
function parseFlat(body: unknown): ParsedWebhook {
  const parsed = emptyParsed();
  for (const record of records(body)) {
    if (text(record.event) && (text(record.message_template_id) || text(record.message_template_name))) {
      const template = templateEvent(record);
      if (template) parsed.templates.push(template);
      continue;
    }
    const status = text(record.status).toLowerCase();
    const id = text(record.id) || text(record.message_id) || text(record.msg_id);
    if (status && id) {
      const mapped = statusNames[status];
      if (!mapped) continue;
      const event: StatusEvent = {
        vendorMessageId: id,
        status: mapped,
        at: dateOf(record.created_at ?? record.timestamp),
      };
      const recipient = e164(record.to ?? record.mobile ?? record.recipient);
      if (recipient) event.recipient = recipient;
      if (mapped === 'failed') {
        const reason = record.error ?? record.reason ?? record.description;
        const title = isObject(reason) ? text(reason.message) || text(reason.title) : text(reason);
        event.error = {
          code:
            text(record.error_code) ||
            text(record.code) ||
            (isObject(reason) ? text(reason.code) : '') ||
            status.toUpperCase(),
          title: title || (status === 'failed' ? 'Failed' : 'Not sent by Kaleyra'),
        };
      }
      parsed.statuses.push(event);
      continue;
    }
    const from = e164(record.from ?? record.mobile);
    if (!from || status) continue;
    const type = text(record.type).toLowerCase() || 'text';
    const inbound: InboundMessage = {
      // Kaleyra's incoming-message variables carry no message id: a digest of the message stands in,
      // so a retried callback is recognised as the same message.
      vendorMessageId:
        id ||
        `kaleyra-${crypto
          .createHash('sha256')
          .update(JSON.stringify([from, text(record.created_at), text(record.body), text(record.media_url)]))
          .digest('hex')
          .slice(0, 32)}`,
      from,
      at: dateOf(record.created_at),
      type: 'other',
      text: text(record.body),
    };
    if (text(record.name)) inbound.name = text(record.name);
    if (type === 'text') inbound.type = 'text';
    else if (type === 'button' || type === 'interactive') {
      inbound.type = 'button';
      if (text(record.custom_response)) inbound.buttonPayload = text(record.custom_response);
    } else if (type === 'image' || type === 'video' || type === 'document' || type === 'audio') {
      inbound.type = type;
      inbound.media = {
        ...(text(record.media_url) ? { url: text(record.media_url) } : {}),
        ...(text(record.mime_type) ? { mimeType: text(record.mime_type) } : {}),
        ...(text(record.body) ? { caption: text(record.body) } : {}),
      };
    }
    parsed.inbound.push(inbound);
  }
  return parsed;
}

export function createKaleyraAdapter(options: HttpAdapterOptions & { version: 1 | 2 }): VendorAdapter {
  const { http, version } = options;
  const vendorName = version === 1 ? 'Kaleyra' : 'Kaleyra v2';

  const credential = (channel: AdapterChannel, name: string, label: string) => {
    const value = channel.credentials[name]?.trim();
    if (!value) throw new VendorError('permanent', 'credentials', `The channel has no ${label}`);
    return value;
  };
  const businessNumber = (channel: AdapterChannel) => digitsOf(channel.credentials.contactId || channel.contactId);

  async function post(channel: AdapterChannel, url: string, body: string, contentType: string) {
    const answer = await callVendor(http, vendorName, {
      url,
      method: 'POST',
      headers: { 'api-key': credential(channel, 'apiKey', 'API key'), 'content-type': contentType },
      body,
    });
    if (answer.status < 200 || answer.status >= 300) throw kaleyraError(vendorName, answer);
    // Kaleyra answers some refusals with 200 and an error object.
    if (isObject(answer.json) && (isObject(answer.json.error) || (answer.json.code && !messageIdOf(answer.json))))
      throw kaleyraError(vendorName, { ...answer, status: 400 });
    const id = messageIdOf(answer.json);
    if (!id)
      throw new VendorError('permanent', 'malformed', `${vendorName} accepted the message but returned no message id`);
    return { vendorMessageId: id };
  }

  function v1(channel: AdapterChannel, to: string, fields: Record<string, string>) {
    const base = trimSlash(options.baseUrl ?? kaleyraV1BaseUrl);
    const sid = credential(channel, 'sid', 'SID');
    const form = new URLSearchParams({
      from: `+${businessNumber(channel)}`,
      to: `+${digitsOf(to)}`,
      channel: 'whatsapp',
      ...fields,
      ...(channel.webhook.url ? { callback_url: channel.webhook.url } : {}),
    });
    return post(
      channel,
      `${base}/v1/${encodeURIComponent(sid)}/messages`,
      form.toString(),
      'application/x-www-form-urlencoded',
    );
  }

  function v2(channel: AdapterChannel, payload: Json) {
    const region = channel.credentials.region?.trim() || 'ind';
    const host = options.baseUrl ?? kaleyraV2Hosts[region];
    if (!host) throw new VendorError('permanent', 'credentials', `Kaleyra has no region '${region}'`);
    const sid = credential(channel, 'sid', 'SID');
    const url = `${trimSlash(host)}/v2/${encodeURIComponent(sid)}/whatsapp/+${businessNumber(channel)}/messages`;
    return post(channel, url, JSON.stringify({ messaging_object: payload }), 'application/json');
  }

  return {
    vendor: version === 1 ? 3 : 4,

    async sendTemplate(channel, message) {
      if (version === 2) return v2(channel, cloudTemplatePayload(message));
      return v1(channel, message.to, v1TemplateFields(message));
    },

    async sendSession(channel, message) {
      if (version === 2) return v2(channel, cloudSessionPayload(message));
      // The same checks as the Cloud API payload (non-empty text, absolute media URL).
      cloudSessionPayload(message);
      // v1 has no reply buttons: the choices go out written in the text.
      const plain = withoutButtons(message);
      if (plain.kind === 'text') return v1(channel, plain.to, { type: 'text', body: plain.text });
      return v1(channel, plain.to, {
        type: 'media',
        media_url: plain.url,
        ...(plain.caption ? { caption: plain.caption } : {}),
      });
    },

    verifyWebhook: (_channel, request) => acceptPost(request, 'Kaleyra'),

    parseWebhook(_channel, request) {
      const body = jsonBody(request, vendorName);
      const parsed = emptyParsed();
      const flat: Json[] = [];
      for (const record of records(body)) {
        const part = parseMetaObject(record) ?? parseForwardedWhatsApp(record);
        if (!part) {
          flat.push(record);
          continue;
        }
        parsed.statuses.push(...part.statuses);
        parsed.inbound.push(...part.inbound);
        parsed.templates.push(...part.templates);
      }
      const rest = parseFlat(flat);
      parsed.statuses.push(...rest.statuses);
      parsed.inbound.push(...rest.inbound);
      parsed.templates.push(...rest.templates);
      return parsed;
    },
  };
}
