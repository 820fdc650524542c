import crypto from 'node:crypto';
import {
  VendorError,
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
  type WebhookRequest,
  type WebhookVerdict,
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
import { dateOf, e164, emptyParsed, jsonBody, text } from './vendor-webhooks';
import { cloudSessionPayload, resolveTemplate, type ResolvedButton, type ResolvedMedia } from './whatsapp-payloads';

/**
 * Sinch Conversation API (vendor 6; developers.sinch.com). An OAuth2 client-credentials token
 * from auth.sinch.com (basic auth key id : key secret), kept until shortly before it expires;
 * messages to `POST https://{region}.conversation.api.sinch.com/v1/projects/{project}/messages:send`.
 * WhatsApp templates are sent as channel-specific templates whose parameters are keyed
 * `<component>[<card>]…[<index>]<sub type>[<parameter>]<field>` ("body[1]text", "header[1]image.link",
 * "button[0]url[1]text", "carousel[0]body[1]text"). Named variables are given in order of
 * appearance, as the key format has positions only. Verified against Sinch's own sources:
 * github.com/sinch/docs `docs/conversation/conversation-channel-support/conversation-whatsapp.md`
 * (header[1]text, body[n]text, header[1]image|video|document.link, header[1]document.filename,
 * button[n]url[1]text, and button[n]quick_reply[1]payload, which "must be set even when empty")
 * and github.com/sinch/sinch-mcp-server `src/tools/conversation/send-whatsapp-template-message.ts`
 * (button[n]copy_code[1]coupon_code, carousel[n]header[1]image.link, carousel[n]body[1]text).
 * UNVERIFIED: the keys of a carousel card's buttons (carousel[n]button[m]…, by analogy).
 *
 * Callbacks: message_delivery_report and message_inbound. When the channel has a webhook secret,
 * each callback must carry x-sinch-webhook-signature = base64 HMAC-SHA256(secret,
 * raw body + '.' + nonce + '.' + timestamp), with a timestamp no older than five minutes.
 */

const VENDOR = 'Sinch';
export const sinchAuthBaseUrl = 'https://auth.sinch.com';
export const sinchRegionHost = (region: string) => `https://${region}.conversation.api.sinch.com`;
/** Callbacks older than this are refused as replays. */
export const sinchMaxSignatureAgeSeconds = 300;

const deliveryStatuses: Record<string, DeliveryStatus> = {
  QUEUED_ON_CHANNEL: 'sent',
  DELIVERED: 'delivered',
  READ: 'read',
  FAILED: 'failed',
};

const authStatuses = new Set(['UNAUTHENTICATED', 'PERMISSION_DENIED']);
const retryStatuses = new Set(['RESOURCE_EXHAUSTED', 'UNAVAILABLE', 'INTERNAL', 'DEADLINE_EXCEEDED', 'ABORTED']);

/** Sinch's `{error:{code, message, status, details}}` as a VendorError. */
function sinchError(answer: VendorAnswer, credential = 'access key'): VendorError {
  const error = isObject(answer.json) && isObject(answer.json.error) ? answer.json.error : undefined;
  const status = text(error?.status);
  const details = Array.isArray(error?.details) ? error.details.filter(isObject) : [];
  const reason = details.map((detail) => text(detail.reason)).find(Boolean) ?? '';
  // The OAuth endpoint answers {error: 'invalid_client', error_description}.
  const oauth = isObject(answer.json) && typeof answer.json.error === 'string' ? answer.json : undefined;
  let kind = kindOfStatus(answer.status);
  if (authStatuses.has(status) || oauth) kind = answer.status >= 500 ? 'retryable' : 'auth';
  else if (retryStatuses.has(status)) kind = 'retryable';
  if (reason === 'OUTSIDE_ALLOWED_SENDING_WINDOW') kind = 'outside_window';
  const code = reason || status || (oauth ? text(oauth.error) : '') || `HTTP ${answer.status}`;
  const detail =
    text(error?.message) || (oauth ? text(oauth.error_description) || text(oauth.error) : '') || excerpt(answer.text);
  return new VendorError(kind, code, describeFailure(VENDOR, kind, code, detail, { credential }), answer.status);
}

function mediaParameters(prefix: string, media: ResolvedMedia): Record<string, string> {
  const key = media.format.toLowerCase();
  return {
    [`${prefix}header[1]${key}.link`]: media.url,
    ...(media.format === 'DOCUMENT' ? { [`${prefix}header[1]${key}.filename`]: media.fileName } : {}),
  };
}

function buttonParameters(prefix: string, buttons: readonly ResolvedButton[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const button of buttons) {
    if (button.type === 'URL') result[`${prefix}button[${button.index}]url[1]text`] = button.value;
    else result[`${prefix}button[${button.index}]copy_code[1]coupon_code`] = button.value;
  }
  return result;
}

/** The WHATSAPP channel template's parameter dictionary. */
export function sinchTemplateParameters(message: TemplateMessage): Record<string, string> {
  const resolved = resolveTemplate(message);
  if (resolved.offerExpiresAt !== undefined)
    throw new VendorError(
      'permanent',
      'unsupported',
      'Sinch has no documented parameter for a limited-time offer expiry; send the offer without one',
    );
  const parameters: Record<string, string> = {};
  if (resolved.header?.kind === 'media') Object.assign(parameters, mediaParameters('', resolved.header));
  else resolved.header?.parameters.forEach((item, index) => (parameters[`header[${index + 1}]text`] = item.value));
  resolved.body.forEach((item, index) => (parameters[`body[${index + 1}]text`] = item.value));
  Object.assign(parameters, buttonParameters('', resolved.buttons));
  // Every quick-reply button needs its payload key, "even when empty": the given value, else its text.
  for (const component of message.template.components)
    if (component.type === 'BUTTONS')
      component.buttons.forEach((button, index) => {
        if (button.type === 'QUICK_REPLY')
          parameters[`button[${index}]quick_reply[1]payload`] = message.values.buttons?.[String(index)] || button.text;
      });
  resolved.cards.forEach((card, cardIndex) => {
    const prefix = `carousel[${cardIndex}]`;
    if (card.media) Object.assign(parameters, mediaParameters(prefix, card.media));
    card.body.forEach((item, index) => (parameters[`${prefix}body[${index + 1}]text`] = item.value));
    Object.assign(parameters, buttonParameters(prefix, card.buttons));
    for (const reply of card.quickReplies)
      parameters[`${prefix}button[${reply.index}]quick_reply[1]payload`] = reply.payload;
  });
  return parameters;
}

function sessionMessage(session: SessionMessage): Json {
  cloudSessionPayload(session); // the shared checks: non-empty text, absolute media URL
  // No reply buttons in this adapter: the choices go out written in the text.
  const message = withoutButtons(session);
  if (message.kind === 'text') return { text_message: { text: message.text } };
  const media: Json = {
    url: message.url,
    ...(message.mediaType === 'document' && message.fileName ? { filename_override: message.fileName } : {}),
  };
  // media_message has no caption; a card with the media and the caption as its description renders
  // on WhatsApp as the media with its caption.
  if (message.caption && message.mediaType !== 'audio')
    return { card_message: { title: '', description: message.caption, media_message: media } };
  return { media_message: media };
}

/** Verifies Sinch's callback signature (when the channel has a webhook secret). */
export function verifySinchSignature(request: WebhookRequest, secret: string, now = Date.now()): WebhookVerdict {
  const signature = request.headers['x-sinch-webhook-signature'];
  const nonce = request.headers['x-sinch-webhook-signature-nonce'];
  const timestamp = request.headers['x-sinch-webhook-signature-timestamp'];
  if (!signature || !nonce || !timestamp)
    return { kind: 'reject', status: 401, reason: 'The x-sinch-webhook-signature headers are missing' };
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds))
    return { kind: 'reject', status: 401, reason: 'The signature timestamp is not a number' };
  if (Math.abs(now / 1000 - seconds) > sinchMaxSignatureAgeSeconds)
    return {
      kind: 'reject',
      status: 401,
      reason: 'The signature timestamp is older than 5 minutes (a replayed callback?)',
    };
  const expected = crypto
    .createHmac('sha256', secret)
    .update(Buffer.concat([request.rawBody, Buffer.from(`.${nonce}.${timestamp}`)]))
    .digest();
  const given = Buffer.from(signature.trim(), 'base64');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { kind: 'reject', status: 401, reason: 'The signature does not match the body' };
  return { kind: 'accept' };
}

/** The headers Sinch sends with a callback signed with `secret` (for tests and simulations). */
export function signSinchCallback(secret: string, rawBody: Buffer | string, nonce: string, timestamp: number) {
  const signature = crypto
    .createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(rawBody), Buffer.from(`.${nonce}.${timestamp}`)]))
    .digest('base64');
  return {
    'x-sinch-webhook-signature': signature,
    'x-sinch-webhook-signature-nonce': nonce,
    'x-sinch-webhook-signature-timestamp': String(timestamp),
    'x-sinch-webhook-signature-algorithm': 'HmacSHA256',
  };
}

function parseSinch(body: unknown): ParsedWebhook {
  const parsed = emptyParsed();
  if (!isObject(body)) throw new VendorError('permanent', 'malformed', 'The Sinch callback is not a JSON object');
  const report = isObject(body.message_delivery_report) ? body.message_delivery_report : undefined;
  if (report) {
    const status = deliveryStatuses[text(report.status)];
    const id = text(report.message_id);
    if (status && id) {
      const event: StatusEvent = { vendorMessageId: id, status, at: dateOf(body.event_time ?? body.accepted_time) };
      const identity = isObject(report.channel_identity) ? e164(report.channel_identity.identity) : '';
      if (identity) event.recipient = identity;
      if (status === 'failed') {
        const reason = isObject(report.reason) ? report.reason : {};
        event.error = { code: text(reason.code) || 'FAILED', title: text(reason.description) || 'Failed' };
      }
      parsed.statuses.push(event);
    }
  }
  const inbound = isObject(body.message) && body.message.direction === 'TO_APP' ? body.message : undefined;
  if (inbound) {
    const content = isObject(inbound.contact_message) ? inbound.contact_message : {};
    const from = isObject(inbound.channel_identity) ? e164(inbound.channel_identity.identity) : '';
    const id = text(inbound.id);
    if (id && from) {
      const message: InboundMessage = {
        vendorMessageId: id,
        from,
        at: dateOf(inbound.accept_time ?? body.event_time),
        type: 'other',
        text: '',
      };
      const name = text(body.contact_name) || text(inbound.contact_name);
      if (name) message.name = name;
      if (isObject(content.text_message)) {
        message.type = 'text';
        message.text = text(content.text_message.text);
      } else if (isObject(content.choice_response_message)) {
        message.type = 'button';
        message.buttonPayload = text(content.choice_response_message.postback_data);
        message.text = message.buttonPayload;
      } else if (isObject(content.media_message)) {
        const media = content.media_message;
        const mime = text(media.mime_type);
        const kind = mime.split('/')[0];
        message.type = kind === 'image' || kind === 'video' || kind === 'audio' ? kind : mime ? 'document' : 'image';
        message.media = { url: text(media.url), ...(mime ? { mimeType: mime } : {}) };
      }
      parsed.inbound.push(message);
    }
  }
  return parsed;
}

export function createSinchAdapter(options: HttpAdapterOptions & { authUrl?: string }): VendorAdapter {
  const { http } = options;
  const authBase = trimSlash(options.authUrl ?? sinchAuthBaseUrl);
  const tokens = new Map<string, { token: string; renewAt: number }>();

  const credential = (channel: AdapterChannel, name: string, label: string) => {
    const value = channel.credentials[name]?.trim();
    if (!value) throw new VendorError('permanent', 'credentials', `The channel has no ${label}`);
    return value;
  };
  const apiBase = (channel: AdapterChannel) => {
    if (options.baseUrl) return trimSlash(options.baseUrl);
    const region = channel.credentials.region?.trim() || 'eu';
    if (region !== 'eu' && region !== 'us')
      throw new VendorError('permanent', 'credentials', `Sinch has no region '${region}'`);
    return sinchRegionHost(region);
  };
  const cacheKey = (channel: AdapterChannel) =>
    crypto.createHash('sha256').update(`${channel.credentials.keyId}\n${channel.credentials.keySecret}`).digest('hex');

  async function fetchToken(channel: AdapterChannel) {
    const keyId = credential(channel, 'keyId', 'key id');
    const keySecret = credential(channel, 'keySecret', 'key secret');
    const answer = await callVendor(http, VENDOR, {
      url: `${authBase}/oauth2/token`,
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (answer.status < 200 || answer.status >= 300) throw sinchError(answer, 'key id and secret');
    const body = isObject(answer.json) ? answer.json : {};
    const token = text(body.access_token);
    if (!token) throw new VendorError('permanent', 'malformed', `${VENDOR} returned no access token`);
    const lifetime = Number(body.expires_in) > 0 ? Number(body.expires_in) * 1000 : 3_600_000;
    tokens.set(cacheKey(channel), { token, renewAt: Date.now() + lifetime - Math.min(60_000, lifetime / 2) });
    return token;
  }

  async function token(channel: AdapterChannel) {
    const cached = tokens.get(cacheKey(channel));
    return cached && cached.renewAt > Date.now() ? cached.token : fetchToken(channel);
  }

  /** A call with the bearer token; a 401 fetches a new token and tries once more. */
  async function api(channel: AdapterChannel, method: 'GET' | 'POST', path: string, body?: Json) {
    const call = (bearer: string) =>
      callVendor(http, VENDOR, {
        url: `${apiBase(channel)}${path}`,
        method,
        headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    let answer = await call(await token(channel));
    if (answer.status === 401) {
      tokens.delete(cacheKey(channel));
      answer = await call(await fetchToken(channel));
    }
    if (answer.status < 200 || answer.status >= 300) throw sinchError(answer);
    return isObject(answer.json) ? answer.json : {};
  }

  async function send(channel: AdapterChannel, to: string, message: Json) {
    const projectId = encodeURIComponent(credential(channel, 'projectId', 'project id'));
    const answer = await api(channel, 'POST', `/v1/projects/${projectId}/messages:send`, {
      app_id: credential(channel, 'appId', 'app id'),
      recipient: { identified_by: { channel_identities: [{ channel: 'WHATSAPP', identity: digitsOf(to) }] } },
      message,
      channel_priority_order: ['WHATSAPP'],
    });
    const id = text(answer.message_id);
    if (!id)
      throw new VendorError('permanent', 'malformed', `${VENDOR} accepted the message but returned no message id`);
    return { vendorMessageId: id };
  }

  return {
    vendor: 6,

    sendTemplate: async (channel, message) =>
      send(channel, message.to, {
        template_message: {
          channel_template: {
            WHATSAPP: {
              template_id: message.template.vendorTemplateId || message.template.name,
              language_code: message.template.language,
              parameters: sinchTemplateParameters(message),
            },
          },
        },
      }),

    sendSession: async (channel, message) => send(channel, message.to, sessionMessage(message)),

    verifyWebhook(channel, request) {
      if (request.method !== 'POST') return { kind: 'reject', status: 400, reason: 'Sinch callbacks arrive by POST' };
      const secret = channel.credentials.webhookSecret?.trim();
      // Without a secret the key in the callback URL is the only guard.
      return secret ? verifySinchSignature(request, secret) : { kind: 'accept' };
    },

    parseWebhook: (_channel, request) => parseSinch(jsonBody(request, VENDOR)),

    async testConnection(channel) {
      try {
        const projectId = encodeURIComponent(credential(channel, 'projectId', 'project id'));
        const appId = credential(channel, 'appId', 'app id');
        const app = await api(channel, 'GET', `/v1/projects/${projectId}/apps/${encodeURIComponent(appId)}`);
        return { ok: true, message: `Connected to the Sinch app ${text(app.display_name) || appId}` };
      } catch (error) {
        if (error instanceof VendorError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}
