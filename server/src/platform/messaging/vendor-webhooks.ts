import { VendorError, type ParsedWebhook, type WebhookRequest, type WebhookVerdict } from './vendor-adapter';
import { isObject, type Json } from './vendor-http';
import { parseWhatsAppWebhook } from './whatsapp-webhooks';

/**
 * Callback helpers of the vendors that sign nothing (Kaleyra, Route Mobile, Karix): the secret key
 * in the callback URL is the guard, so a POST is accepted and parsed; anything else is refused.
 * Many of them forward WhatsApp's own shapes, which `parseForwardedWhatsApp` reads.
 */

/** POST only: the unguessable key in the URL authenticates the vendor. */
export function acceptPost(request: WebhookRequest, vendorName: string): WebhookVerdict {
  if (request.method !== 'POST')
    return {
      kind: 'reject',
      status: 400,
      reason: `${vendorName} callbacks arrive by POST; configure the callback with the POST method`,
    };
  return { kind: 'accept' };
}

/** The JSON body of a callback, or a permanent error naming the vendor. */
export function jsonBody(request: WebhookRequest, vendorName: string): unknown {
  const text = request.rawBody.toString('utf8').trim();
  if (text === '') throw new VendorError('permanent', 'malformed', `The ${vendorName} callback body is empty`);
  try {
    return JSON.parse(text);
  } catch {
    // A form-encoded callback (some vendors post their variables as a form).
    if (/^[\w.%-]+=/.test(text)) return Object.fromEntries(new URLSearchParams(text));
    throw new VendorError('permanent', 'malformed', `The ${vendorName} callback body is not JSON`);
  }
}

/**
 * WhatsApp's callback shapes as vendors forward them: Meta's `{entry:[{changes:[{value}]}]}` or
 * the On-Premise API's bare `{statuses:[…]}` / `{contacts:[…], messages:[…]}` (the `value` alone).
 * Null when the body is neither.
 */
export function parseForwardedWhatsApp(body: unknown): ParsedWebhook | null {
  if (!isObject(body)) return null;
  if (Array.isArray(body.entry)) return parseWhatsAppWebhook(Buffer.from(JSON.stringify(body)));
  if (Array.isArray(body.statuses) || Array.isArray(body.messages)) {
    const wrapped = { entry: [{ changes: [{ field: 'messages', value: body }] }] };
    return parseWhatsAppWebhook(Buffer.from(JSON.stringify(wrapped)));
  }
  return null;
}

/** `+<digits>` from any written phone number ('' when it has no digits). */
export const e164 = (value: unknown) => {
  const digits = String(value ?? '').replace(/[^\d]/g, '');
  return digits ? `+${digits}` : '';
};

/** Seconds, milliseconds or an ISO date; now when absent or unreadable. */
export function dateOf(value: unknown): Date {
  if (value === undefined || value === null || value === '') return new Date();
  const number = Number(value);
  if (Number.isFinite(number) && number > 0) return new Date(number < 1e12 ? number * 1000 : number);
  const parsed = new Date(String(value));
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
}

export const emptyParsed = (): ParsedWebhook => ({ statuses: [], inbound: [], templates: [] });

/** The records of a body that may be one object or a list of them. */
export const records = (body: unknown): Json[] =>
  Array.isArray(body) ? body.filter(isObject) : isObject(body) ? [body] : [];

export const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
