import {
  VendorError,
  whatsappErrorKind,
  type AdapterChannel,
  type DeliveryStatus,
  type HttpAdapterOptions,
  type InboundMessage,
  type ParsedWebhook,
  type SessionMessage,
  withoutButtons,
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
import { cloudSessionPayload, resolveTemplate } from './whatsapp-payloads';

/**
 * Karix RCM, WhatsApp (vendor 2; reference/whatsapp.md §4). One call:
 * `POST https://rcmapi.instaalerts.zone/services/rcm/sendMessage` with the header
 * `Authentication: Bearer <access key>` (not Authorization) and the body
 * `{message:{channel:'WABA', content, recipient:{to, recipient_type:'individual', reference:{cust_ref}},
 * sender:{from}, preferences:{webHookDNId}}, metaData:{version:'v1.0.9'}}`.
 *
 * Karix's own guide ("Karix RCM API for WhatsApp", 2020) could not be read. The envelope and the
 * content shapes are confirmed by public integrations: github.com/ShubhoCH/WA_BOT (`karix`: the
 * envelope, `Authentication` header; `app.js`: `{type:'TEXT', preview_url, text}`,
 * `{type:'TEMPLATE', template:{templateId, parameterValues:{"0": …}}}` and `{type:'MEDIA_TEMPLATE',
 * mediaTemplate:{templateId, media:{type, url}, bodyParameterValues:{"0": …}}}`), Juspay's
 * `Kernel.External.Whatsapp.Karix.Types` (`media:{type, url, fileName}`), and a public RCM test
 * suite whose `{type:'ATTACHMENT', attachment:{type, caption, mimeType, attachmentData}}` is
 * answered 200 with `statusDesc: 'Successfully Accepted'`. The template id is the vendor's id
 * where known, else the name.
 *
 * UNVERIFIED: URL buttons as `mediaTemplate.buttons.actions[{type:'url', index, payload}]`, session
 * media by `attachment.url` (the samples send base64 `attachmentData`), the message id of the answer
 * (read from `mid`, `messageId` or `id`), and the callback shape read by `parseKarixCallback`
 * (`events` + `notificationAttributes` for statuses, `eventContent.message` for inbound messages).
 * Karix signs nothing: the secret key in the callback URL is the guard.
 */

const VENDOR = 'Karix';
export const karixBaseUrl = 'https://rcmapi.instaalerts.zone';

const statusNames: Record<string, DeliveryStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  seen: 'read',
  failed: 'failed',
  undelivered: 'failed',
  rejected: 'failed',
};

function karixError(answer: VendorAnswer): VendorError {
  const body = isObject(answer.json) ? answer.json : {};
  const status = text(body.statusCode) || text(body.code);
  const detail = text(body.statusDesc) || text(body.message) || text(body.error) || excerpt(answer.text);
  const numeric = Number(status);
  const code = status || `HTTP ${answer.status}`;
  // statusCode is HTTP-like (401, 429, 503) or a WhatsApp code passed through (470, 131047, 130429).
  const whatsapp = Number.isInteger(numeric) && (numeric === 470 || numeric >= 1000);
  const httpLike = Number.isInteger(numeric) && !whatsapp && numeric >= 400 && numeric < 600 ? numeric : undefined;
  let kind = kindOfStatus(answer.status >= 300 ? answer.status : (httpLike ?? 400));
  if (whatsapp) {
    const mapped = whatsappErrorKind(numeric, answer.status);
    if (mapped !== 'permanent' || kind === 'permanent') kind = mapped;
  }
  return new VendorError(
    kind,
    code,
    describeFailure(VENDOR, kind, code, detail, { credential: 'access key' }),
    answer.status,
  );
}

const indexed = (values: readonly { value: string }[]) =>
  Object.fromEntries(values.map((item, index) => [String(index), item.value]));

function templateContent(message: TemplateMessage): Json {
  const resolved = resolveTemplate(message);
  const templateId = message.template.vendorTemplateId || message.template.name;
  const unsupported =
    (resolved.header?.kind === 'text' && resolved.header.parameters.length > 0 && 'header variables') ||
    (resolved.cards.length > 0 && 'carousel cards') ||
    (resolved.offerExpiresAt !== undefined && 'limited-time offers') ||
    (resolved.buttons.some((button) => button.type === 'COPY_CODE') && 'offer codes');
  if (unsupported)
    throw new VendorError('permanent', 'unsupported', `Parley cannot send ${unsupported} through Karix RCM`);
  if (resolved.header?.kind !== 'media' && resolved.buttons.length === 0)
    return { type: 'TEMPLATE', template: { templateId, parameterValues: indexed(resolved.body) } };
  const mediaTemplate: Json = { templateId, bodyParameterValues: indexed(resolved.body) };
  if (resolved.header?.kind === 'media')
    mediaTemplate.media = {
      type: resolved.header.format.toLowerCase(),
      url: resolved.header.url,
      ...(resolved.header.format === 'DOCUMENT' ? { fileName: resolved.header.fileName } : {}),
    };
  if (resolved.buttons.length > 0)
    mediaTemplate.buttons = {
      actions: resolved.buttons.map((button) => ({ type: 'url', index: String(button.index), payload: button.value })),
    };
  return { type: 'MEDIA_TEMPLATE', mediaTemplate };
}

function sessionContent(session: SessionMessage): Json {
  cloudSessionPayload(session); // the shared checks: non-empty text, absolute media URL
  // No reply buttons in this adapter: the choices go out written in the text.
  const message = withoutButtons(session);
  if (message.kind === 'text') return { type: 'TEXT', preview_url: false, text: message.text };
  return {
    type: 'ATTACHMENT',
    attachment: {
      type: message.mediaType,
      url: message.url,
      ...(message.caption && message.mediaType !== 'audio' ? { caption: message.caption } : {}),
      ...(message.mediaType === 'document' && message.fileName ? { fileName: message.fileName } : {}),
    },
  };
}

/** Karix's callback (UNVERIFIED shape, see the file comment); WhatsApp's own shapes are read too. */
export function parseKarixCallback(body: unknown): ParsedWebhook {
  const parsed = emptyParsed();
  for (const record of records(body)) {
    const forwarded = parseForwardedWhatsApp(record);
    if (forwarded) {
      parsed.statuses.push(...forwarded.statuses);
      parsed.inbound.push(...forwarded.inbound);
      continue;
    }
    const events = isObject(record.events) ? record.events : {};
    const notification = isObject(record.notificationAttributes) ? record.notificationAttributes : undefined;
    if (notification) {
      const status = statusNames[text(notification.status).toLowerCase()];
      const id = text(events.mid) || text(record.mid);
      if (!status || !id) continue;
      const event: StatusEvent = { vendorMessageId: id, status, at: dateOf(events.timestamp) };
      const recipient = isObject(record.recipient) ? e164(record.recipient.to) : '';
      if (recipient) event.recipient = recipient;
      if (status === 'failed')
        event.error = {
          code: text(notification.code) || text(notification.status).toUpperCase(),
          title: text(notification.reason) || 'Failed',
        };
      parsed.statuses.push(event);
      continue;
    }
    const content =
      isObject(record.eventContent) && isObject(record.eventContent.message) ? record.eventContent.message : undefined;
    if (!content) continue;
    const from = e164(content.from);
    const id = text(content.id) || text(events.mid);
    if (!from || !id) continue;
    const type = text(content.contentType || content.type).toLowerCase();
    const inbound: InboundMessage = {
      vendorMessageId: id,
      from,
      at: dateOf(events.timestamp ?? content.sendTime),
      type: 'other',
      text: '',
    };
    const profile = isObject(content.profile) ? text(content.profile.name) : '';
    if (profile) inbound.name = profile;
    if (type === 'text') {
      inbound.type = 'text';
      inbound.text = isObject(content.text) ? text(content.text.body) : text(content.text);
    } else if (type === 'button' && isObject(content.button)) {
      inbound.type = 'button';
      inbound.text = text(content.button.text);
      if (text(content.button.payload)) inbound.buttonPayload = text(content.button.payload);
    } else if (isObject(content.attachment)) {
      const attachment = content.attachment;
      const kind = text(attachment.type).toLowerCase();
      inbound.type = kind === 'image' || kind === 'video' || kind === 'audio' || kind === 'document' ? kind : 'other';
      inbound.text = text(attachment.caption);
      inbound.media = {
        ...(text(attachment.attachmentUrl || attachment.url)
          ? { url: text(attachment.attachmentUrl || attachment.url) }
          : {}),
        ...(text(attachment.mimeType) ? { mimeType: text(attachment.mimeType) } : {}),
        ...(text(attachment.caption) ? { caption: text(attachment.caption) } : {}),
      };
    }
    parsed.inbound.push(inbound);
  }
  return parsed;
}

export function createKarixRcmAdapter(options: HttpAdapterOptions): VendorAdapter {
  const { http } = options;
  const base = trimSlash(options.baseUrl ?? karixBaseUrl);

  async function send(channel: AdapterChannel, to: string, content: Json) {
    const key = channel.credentials.accKey?.trim();
    if (!key) throw new VendorError('permanent', 'credentials', 'The channel has no access key');
    const webhookId = channel.credentials.webhookId?.trim();
    const answer = await callVendor(http, VENDOR, {
      url: `${base}/services/rcm/sendMessage`,
      method: 'POST',
      headers: { authentication: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          channel: 'WABA',
          content,
          recipient: { to: digitsOf(to), recipient_type: 'individual', reference: { cust_ref: channel.id } },
          sender: { from: digitsOf(channel.credentials.contactId || channel.contactId) },
          ...(webhookId ? { preferences: { webHookDNId: webhookId } } : {}),
        },
        metaData: { version: 'v1.0.9' },
      }),
    });
    const body = isObject(answer.json) ? answer.json : {};
    const statusCode = text(body.statusCode);
    if (answer.status < 200 || answer.status >= 300 || (statusCode && !/^20\d$/.test(statusCode)))
      throw karixError(answer);
    const id = text(body.mid) || text(body.messageId) || text(body.id);
    if (!id)
      throw new VendorError('permanent', 'malformed', `${VENDOR} accepted the message but returned no message id`);
    return { vendorMessageId: id };
  }

  return {
    vendor: 2,
    sendTemplate: async (channel, message) => send(channel, message.to, templateContent(message)),
    sendSession: async (channel, message) => send(channel, message.to, sessionContent(message)),
    verifyWebhook: (_channel, request) => acceptPost(request, 'Karix'),
    parseWebhook: (_channel, request) => parseKarixCallback(jsonBody(request, VENDOR)),
  };
}
