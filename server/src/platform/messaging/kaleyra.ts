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
  type VendorAdapter,
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
 * Kaleyra (reference/whatsapp.md §4; developers.kaleyra.io).
 *
 * v1 (vendor 3): POST https://api.kaleyra.io/v1/<SID>/messages, header `api-key`, form fields
 * (from, to, type, channel=whatsapp, template_name, params, lang_code, callback_url). Header media
 * go as type=mediatemplate with media_url. v1 has no documented fields for header text
 * variables, URL button suffixes, offer codes or carousels: such templates are refused with a
 * message pointing to Kaleyra v2 rather than sent half-filled.
 *
 * v2 (vendor 4): POST https://<regional host>/v2/<SID>/whatsapp/<business number>/messages with
 * `{"messaging_object": <Cloud API payload>}`; the regional host follows the channel's region.
 *
 * Callbacks carry no signature: the secret key in the callback URL is the guard. Kaleyra forwards
 * Meta's shapes (entry/changes, or the On-Premise `statuses` / `contacts`+`messages`) and its
 * callback profiles post flat variables (id, status SENT/DELIVERED/READ/FAILED/NOT-SENT, from,
 * body, type, media_url, created_at); both are read.
 */

export const kaleyraV1BaseUrl = 'https://api.kaleyra.io';

/** Kaleyra v2's pods (developers.kaleyra.io "API Domain and Value"). */
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

const authCodes = new Set(['E401', 'E403', 'RBC401', 'RBC403', '401', '403']);

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
  } else if (code.toUpperCase() === 'E429') kind = 'retryable';
  return new VendorError(
    kind,
    code,
    describeFailure(vendorName, kind, code, detail, { credential: 'API key' }),
    answer.status,
  );
}

/** v1's template fields from a message: body params, header media; nothing v1 cannot carry. */
function v1TemplateFields(message: TemplateMessage): Record<string, string> {
  const resolved = resolveTemplate(message);
  const unsupported =
    (resolved.header?.kind === 'text' && resolved.header.parameters.length > 0 && 'header variables') ||
    (resolved.buttons.length > 0 && 'URL button variables and offer codes') ||
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
  if (resolved.header?.kind === 'media') {
    fields.media_url = resolved.header.url;
    if (resolved.header.format === 'DOCUMENT') fields.caption = resolved.header.fileName;
  }
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

/** Kaleyra callback profiles' flat variables. */
function parseFlat(body: unknown): ParsedWebhook {
  const parsed = emptyParsed();
  for (const record of records(body)) {
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
      from: businessNumber(channel),
      to: digitsOf(to),
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
      if (message.kind === 'text') return v1(channel, message.to, { type: 'text', body: message.text });
      return v1(channel, message.to, {
        type: 'media',
        media_url: message.url,
        ...(message.caption ? { caption: message.caption } : {}),
      });
    },

    verifyWebhook: (_channel, request) => acceptPost(request, 'Kaleyra'),

    parseWebhook(_channel, request) {
      const body = jsonBody(request, vendorName);
      return parseForwardedWhatsApp(body) ?? parseFlat(body);
    },
  };
}
