import crypto from 'node:crypto';
import {
  VendorError,
  whatsappErrorKind,
  type AdapterChannel,
  type HttpAdapterOptions,
  type ParsedWebhook,
  type SessionMessage,
  withoutButtons,
  type TemplateMessage,
  type TemplateStatusEvent,
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
import { acceptPost, emptyParsed, jsonBody, parseForwardedWhatsApp, records, text } from './vendor-webhooks';
import {
  cloudSessionPayload,
  resolveTemplate,
  type ResolvedButton,
  type ResolvedMedia,
  type ResolvedParameter,
} from './whatsapp-payloads';

/**
 * Route Mobile (vendor 17). Every shape below is verified against Route Mobile's OpenAPI,
 * github.com/routemobile/WhatsApp-Business-API `openapi.yaml` (info.version 1.8.0), unless marked
 * UNVERIFIED:
 * - Login `POST /auth/v1/login/ {username, password}` answers 201 `{JWTAUTH, user_data}`; the JWT
 *   is valid one hour by default. A refused login is 403 `{status: 'invalid credentials or the
 *   account has been deactivated'}`. The token is kept in memory per channel until five minutes
 *   before it expires, and fetched again once when a call is refused with 401.
 * - Messages go to `POST /wba/v1/messages` with `Authorization: <JWT>` (security scheme `jwt`:
 *   apiKey in the Authorization header, no scheme word) and are accepted with 202
 *   `{message, status: 'processing', request_id}`. Refusals are `{message, status, reason}` where
 *   `reason` is a text or nested field errors (`{media: {button: {'0': {url: {value: [...]}}}}}`).
 * - Template body (`send_template_message_*`): `{phone: '+<digits>', media: {type:
 *   'media_template', template_name, lang_code, header: [{text}] | [{image|video|document: {link,
 *   file_name}}], body: [{text}], button: [{button_no, url} | {button_no, coupon_code}]}}`;
 *   carousels add `carousel: [{type, url, body, button: [{button_no, payload|url}]}]` and
 *   limited-time offers `limited_time: [{expiration_time (ms), button: [{button_no, coupon_code}]}]`.
 * - Session bodies (`send_session_*`): `{phone, text}`, or `{phone, media: {type, url, file,
 *   caption}}` where `file` (the file name) is required for every media type.
 * - Callbacks (`/callbacks`, `wbscallback_*`) carry no signature (the URL key is the guard) and
 *   are WhatsApp's On-Premise shapes with additions: `{statuses: [{id, message_id, recipient_id,
 *   status, timestamp, errors: [{code, title}], extra}], brand_msisdn}`; inbound `{messages,
 *   contacts, brand_msisdn, request_id}` with voice notes as `type: 'voice'` and media at
 *   `media_url`; catalogue messages wrapped as `{contact_no, data: {…}, source: 'FROM_CALLBACK'}`;
 *   template updates as statuses of `type: 'event'` with template_name, template_id,
 *   template_language, status and `information.description`.
 */

const VENDOR = 'Route Mobile';
export const routeMobileBaseUrl = 'https://apis.rmlconnect.net';

/** Renew this long before the token's own expiry. */
const renewBeforeMs = 5 * 60 * 1000;
/** When the JWT carries no `exp`, Route Mobile's documented lifetime (1 hour). */
const defaultLifetimeMs = 60 * 60 * 1000;

/** `media: {button: {'0': {url: ['Not a valid URL.']}}}` → `media.button.0.url: Not a valid URL.` */
function fieldErrors(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [`${path}: ${value.map((item) => text(item) || JSON.stringify(item)).join(', ')}`];
  if (isObject(value))
    return Object.entries(value).flatMap(([key, inner]) =>
      // `value` is the list under a field in Route Mobile's nested errors; it adds nothing to the path.
      fieldErrors(inner, key === 'value' && path ? path : path ? `${path}.${key}` : key),
    );
  const line = text(value);
  return line ? [path ? `${path}: ${line}` : line] : [];
}

/** Route Mobile's `{status, message, reason}` as a VendorError. */
function routeMobileError(answer: VendorAnswer, credential = 'login token'): VendorError {
  const body = isObject(answer.json) ? answer.json : {};
  // A refused login answers only `{status: 'invalid credentials or …'}`; elsewhere status is 'failed'.
  const status = text(body.status);
  const statusText = /^(failed|failure)$/i.test(status) ? '' : status;
  const detail =
    [text(body.message) || statusText, fieldErrors(body.reason ?? body.error).join('; ')].filter(Boolean).join(': ') ||
    excerpt(answer.text);
  // UNVERIFIED: the OpenAPI documents no WhatsApp code in a synchronous refusal (the closed window
  // arrives as a failed status callback, code 470/131047); a `code` is honoured if one is sent.
  const whatsappCode = text(body.code);
  let kind = kindOfStatus(answer.status);
  let code = `HTTP ${answer.status}`;
  if (/^\d{3,}$/.test(whatsappCode)) {
    code = whatsappCode;
    const mapped = whatsappErrorKind(whatsappCode, answer.status);
    if (mapped !== 'permanent' || kind === 'permanent') kind = mapped;
  }
  return new VendorError(kind, code, describeFailure(VENDOR, kind, code, detail, { credential }), answer.status);
}

/** The `exp` of a JWT in ms, when it has one. */
function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** `{document: {link, file_name}}`: the OpenAPI gives `file_name` for image, video and document headers. */
const headerEntry = (media: ResolvedMedia): Json => ({
  [media.format.toLowerCase()]: { link: media.url, file_name: media.fileName },
});

/** `{button_no: '0', url}` for a URL suffix, `{button_no, coupon_code}` for an offer code. */
const buttonEntry = (button: ResolvedButton): Json =>
  button.type === 'URL'
    ? { button_no: String(button.index), url: button.value }
    : { button_no: String(button.index), coupon_code: button.value };

const texts = (list: readonly ResolvedParameter[]) => list.map((item) => ({ text: item.value }));

function templateBody(message: TemplateMessage): Json {
  const resolved = resolveTemplate(message);
  const media: Json = {
    type: 'media_template',
    template_name: message.template.name,
    lang_code: message.template.language,
  };
  if (resolved.header?.kind === 'media') media.header = [headerEntry(resolved.header)];
  else if (resolved.header && resolved.header.parameters.length > 0) media.header = texts(resolved.header.parameters);
  if (resolved.body.length > 0) media.body = texts(resolved.body);
  if (resolved.offerExpiresAt !== undefined) {
    // Example "Send Template Message - Limited Time Offer": the offer's buttons sit inside
    // `limited_time`. UNVERIFIED: where a dynamic URL button of an offer goes (the example's is static).
    media.limited_time = [{ expiration_time: resolved.offerExpiresAt, button: resolved.buttons.map(buttonEntry) }];
  } else if (resolved.buttons.length > 0) {
    media.button = resolved.buttons.map(buttonEntry);
  }
  if (resolved.cards.length > 0)
    // Example "Send Template Message - Carousel" and schema send_template_message_carousel.
    media.carousel = resolved.cards.map((card) => {
      const buttons = [
        ...card.buttons.map((button) => ({ index: button.index, entry: buttonEntry(button) })),
        ...card.quickReplies.map((reply) => ({
          index: reply.index,
          entry: { button_no: String(reply.index), payload: reply.payload },
        })),
      ].sort((a, b) => a.index - b.index);
      return {
        ...(card.media ? { type: card.media.format.toLowerCase(), url: card.media.url } : {}),
        ...(card.body.length > 0 ? { body: texts(card.body) } : {}),
        ...(buttons.length > 0 ? { button: buttons.map((button) => button.entry) } : {}),
      };
    });
  return { phone: `+${digitsOf(message.to)}`, media };
}

function sessionBody(session: SessionMessage): Json {
  cloudSessionPayload(session); // the shared checks: non-empty text, absolute media URL
  // No reply buttons in this adapter: the choices go out written in the text.
  const message = withoutButtons(session);
  const phone = `+${digitsOf(message.to)}`;
  if (message.kind === 'text') return { phone, text: message.text };
  const file = message.fileName || decodeURIComponent(message.url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'file';
  return {
    phone,
    media: {
      type: message.mediaType,
      url: message.url,
      file,
      ...(message.caption && message.mediaType !== 'audio' ? { caption: message.caption } : {}),
    },
  };
}

/** Template statuses Route Mobile forwards from Meta that map onto ours; FLAGGED (quality warning) and PENDING_DELETION do not. */
const templateStatuses: Record<string, TemplateStatusEvent['status']> = {
  APPROVED: 'APPROVED',
  REINSTATED: 'APPROVED',
  PENDING: 'PENDING',
  REJECTED: 'REJECTED',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
};

function templateEvent(item: Json): TemplateStatusEvent | null {
  const status = templateStatuses[text(item.status).toUpperCase()];
  if (!status) return null;
  const event: TemplateStatusEvent = { status };
  if (text(item.template_id)) event.vendorTemplateId = text(item.template_id);
  if (text(item.template_name)) event.name = text(item.template_name);
  if (text(item.template_language)) event.language = text(item.template_language);
  const information = isObject(item.information) ? text(item.information.description) : '';
  const reason = text(item.reason);
  if (information) event.reason = information;
  else if (reason && reason !== 'NONE') event.reason = reason;
  return event;
}

/** Route Mobile's inbound message as WhatsApp's: `voice` → `audio`, `media_url` → `link`. */
function normalisedMessage(item: unknown): unknown {
  if (!isObject(item)) return item;
  const type = text(item.type) === 'voice' ? 'audio' : text(item.type);
  const mediaObject = item[type === 'audio' && item.audio === undefined ? 'voice' : type];
  if (!['image', 'video', 'document', 'audio'].includes(type) || !isObject(mediaObject)) return { ...item, type };
  const media: Json = { ...mediaObject };
  if (typeof media.link !== 'string' && typeof media.media_url === 'string') media.link = media.media_url;
  return { ...item, type, [type]: media };
}

function parseCallback(record: Json): ParsedWebhook {
  // Catalogue callbacks wrap the WhatsApp body: {contact_no, data: {contacts, messages}, source}.
  const body =
    isObject(record.data) && record.messages === undefined && record.statuses === undefined ? record.data : record;
  const parsed = emptyParsed();
  const messageStatuses: unknown[] = [];
  for (const item of Array.isArray(body.statuses) ? body.statuses : []) {
    if (isObject(item) && (item.type === 'event' || item.template_name !== undefined)) {
      const event = templateEvent(item);
      if (event) parsed.templates.push(event);
    } else messageStatuses.push(item);
  }
  const forwarded = parseForwardedWhatsApp({
    ...body,
    statuses: messageStatuses,
    messages: Array.isArray(body.messages) ? body.messages.map(normalisedMessage) : [],
  });
  if (forwarded) {
    parsed.statuses.push(...forwarded.statuses);
    parsed.inbound.push(...forwarded.inbound);
  }
  return parsed;
}

export function createRouteMobileAdapter(options: HttpAdapterOptions): VendorAdapter {
  const { http } = options;
  const base = trimSlash(options.baseUrl ?? routeMobileBaseUrl);
  /** channel + credentials → JWT; a credential change makes a new key, so an old token is never reused. */
  const tokens = new Map<string, { token: string; renewAt: number }>();

  const cacheKey = (channel: AdapterChannel) =>
    `${channel.id}:${crypto
      .createHash('sha256')
      .update(`${channel.credentials.username ?? ''}\n${channel.credentials.password ?? ''}`)
      .digest('hex')}`;

  async function login(channel: AdapterChannel): Promise<string> {
    const username = channel.credentials.username?.trim();
    const password = channel.credentials.password;
    if (!username || !password)
      throw new VendorError('permanent', 'credentials', 'The channel has no username or password');
    const answer = await callVendor(http, VENDOR, {
      url: `${base}/auth/v1/login/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (answer.status < 200 || answer.status >= 300) throw routeMobileError(answer, 'username or password');
    const body = isObject(answer.json) ? answer.json : {};
    const token = text(body.JWTAUTH);
    if (!token) throw new VendorError('permanent', 'malformed', `${VENDOR} logged in but returned no token`);
    const expiresAt = jwtExpiry(token) ?? Date.now() + defaultLifetimeMs;
    tokens.set(cacheKey(channel), { token, renewAt: expiresAt - renewBeforeMs });
    return token;
  }

  async function token(channel: AdapterChannel): Promise<string> {
    const cached = tokens.get(cacheKey(channel));
    if (cached && cached.renewAt > Date.now()) return cached.token;
    return login(channel);
  }

  async function send(channel: AdapterChannel, body: Json) {
    const call = async (jwt: string) =>
      callVendor(http, VENDOR, {
        url: `${base}/wba/v1/messages`,
        method: 'POST',
        headers: { authorization: jwt, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    let answer = await call(await token(channel));
    if (answer.status === 401) {
      // The token expired early or was revoked: log in again, once.
      tokens.delete(cacheKey(channel));
      answer = await call(await login(channel));
    }
    if (answer.status < 200 || answer.status >= 300) throw routeMobileError(answer);
    const result = isObject(answer.json) ? answer.json : {};
    const id = text(result.request_id);
    if (!id)
      throw new VendorError('permanent', 'malformed', `${VENDOR} accepted the message but returned no request id`);
    return { vendorMessageId: id };
  }

  return {
    vendor: 17,

    sendTemplate: async (channel, message) => send(channel, templateBody(message)),

    sendSession: async (channel, message) => send(channel, sessionBody(message)),

    verifyWebhook: (_channel, request) => acceptPost(request, VENDOR),

    parseWebhook(_channel, request) {
      const body = jsonBody(request, VENDOR);
      const parsed = emptyParsed();
      // One callback object, or a list of them.
      for (const record of records(body)) {
        const part = parseCallback(record);
        parsed.statuses.push(...part.statuses);
        parsed.inbound.push(...part.inbound);
        parsed.templates.push(...part.templates);
      }
      return parsed;
    },

    async testConnection(channel) {
      try {
        tokens.delete(cacheKey(channel));
        await login(channel);
        return { ok: true, message: `Logged in to ${VENDOR} as ${channel.credentials.username?.trim()}` };
      } catch (error) {
        if (error instanceof VendorError) return { ok: false, message: error.message };
        throw error;
      }
    },
  };
}
