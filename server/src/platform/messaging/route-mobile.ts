import crypto from 'node:crypto';
import {
  VendorError,
  whatsappErrorKind,
  type AdapterChannel,
  type HttpAdapterOptions,
  type SessionMessage,
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
import { acceptPost, emptyParsed, jsonBody, parseForwardedWhatsApp, records, text } from './vendor-webhooks';
import { cloudSessionPayload, resolveTemplate, type ResolvedMedia } from './whatsapp-payloads';

/**
 * Route Mobile (vendor 17; official OpenAPI in routemobile/WhatsApp-Business-API, reference §4).
 * Login `POST /auth/v1/login/ {username, password}` gives a JWT (about an hour); it is kept in
 * memory per channel until five minutes before it expires and fetched again once when a call is
 * refused with 401. Messages go to `POST /wba/v1/messages` with `Authorization: <JWT>` (no
 * scheme) and are accepted with 202 `{request_id}`. Callbacks are WhatsApp's On-Premise shapes
 * (`{statuses:[…]}`, `{contacts, messages}`) and carry no signature: the URL key is the guard.
 *
 * The template body is `{phone, media:{type:'media_template', template_name, lang_code, header,
 * body, button}}`; button entries are `{button_no, …}` as in Route Mobile's samples. Carousels
 * and limited-time offers have no documented fields and are refused with a clear message.
 */

const VENDOR = 'Route Mobile';
export const routeMobileBaseUrl = 'https://apis.rmlconnect.net';

/** Renew this long before the token's own expiry. */
const renewBeforeMs = 5 * 60 * 1000;
/** When the JWT carries no `exp`, Route Mobile's documented lifetime (1 hour). */
const defaultLifetimeMs = 60 * 60 * 1000;

/** Route Mobile's `{status:'failed', message, reason}` as a VendorError. */
function routeMobileError(answer: VendorAnswer, credential = 'login token'): VendorError {
  const body = isObject(answer.json) ? answer.json : {};
  const reason = body.reason;
  const reasonText = isObject(reason)
    ? Object.entries(reason)
        .map(([field, value]) => `${field}: ${Array.isArray(value) ? value.map(text).join(', ') : text(value)}`)
        .join('; ')
    : text(reason);
  const detail = [text(body.message), reasonText].filter(Boolean).join(': ') || excerpt(answer.text);
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

const headerEntry = (media: ResolvedMedia): Json => {
  const key = media.format.toLowerCase();
  return { [key]: media.format === 'DOCUMENT' ? { link: media.url, filename: media.fileName } : { link: media.url } };
};

function templateBody(message: TemplateMessage): Json {
  const resolved = resolveTemplate(message);
  if (resolved.cards.length > 0 || resolved.offerExpiresAt !== undefined)
    throw new VendorError(
      'permanent',
      'unsupported',
      `${VENDOR} has no documented way to send ${resolved.cards.length > 0 ? 'carousel' : 'limited-time offer'} templates through its API`,
    );
  const media: Json = {
    type: 'media_template',
    template_name: message.template.name,
    lang_code: message.template.language,
  };
  if (resolved.header?.kind === 'media') media.header = [headerEntry(resolved.header)];
  else if (resolved.header && resolved.header.parameters.length > 0)
    media.header = resolved.header.parameters.map((item) => ({ text: item.value }));
  if (resolved.body.length > 0) media.body = resolved.body.map((item) => ({ text: item.value }));
  if (resolved.buttons.length > 0)
    media.button = resolved.buttons.map((button) =>
      button.type === 'URL'
        ? { button_no: String(button.index), url: button.value }
        : { button_no: String(button.index), coupon_code: button.value },
    );
  return { phone: `+${digitsOf(message.to)}`, media };
}

function sessionBody(message: SessionMessage): Json {
  cloudSessionPayload(message); // the shared checks: non-empty text, absolute media URL
  const phone = `+${digitsOf(message.to)}`;
  if (message.kind === 'text') return { phone, text: message.text };
  return {
    phone,
    media: {
      type: message.mediaType,
      url: message.url,
      ...(message.caption && message.mediaType !== 'audio' ? { caption: message.caption } : {}),
      ...(message.mediaType === 'document' && message.fileName ? { file: message.fileName } : {}),
    },
  };
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
    const token = text(body.JWTAUTH) || text(body.token) || text(body.access_token);
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
    const id = text(result.request_id) || text(result.message_id) || text(result.id);
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
      for (const record of Array.isArray(body) ? records(body) : [body]) {
        const part = parseForwardedWhatsApp(record);
        if (!part) continue;
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
