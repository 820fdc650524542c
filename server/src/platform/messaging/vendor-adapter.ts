import type { TemplateComponent, TemplateMedia, TemplateValues } from '@parley/contracts/templates';
import type { OutboundHttp } from '../outbound-http';

/**
 * One interface in front of every messaging vendor (issue 7): send a template, send text or media
 * inside the 24-hour window, verify and parse the vendor's webhooks, and map the vendor's errors
 * to retryable or permanent. Adapters are plain objects over the guarded outbound HTTP client;
 * they keep no state of their own (a Route Mobile token cache is the one exception, in memory).
 */

/** What an adapter knows of a channel: its vendor credentials, decrypted, and its webhook. */
export interface AdapterChannel {
  id: string;
  enterpriseId: string;
  type: number;
  vendor: number;
  /** The business number / sender (E.164 digits or the vendor's sender id). */
  contactId: string;
  /** Every credential field of the vendor, secrets decrypted. */
  credentials: Record<string, string>;
  webhook: {
    /** The key in the callback URL (/api/webhooks/channels/<key>). */
    key: string;
    /** The public callback URL given to the vendor. */
    url: string;
    /** Meta's hub.verify_token for this channel. */
    verifyToken: string;
    /** HMAC key of the Sandbox's own signature (x-parley-signature). */
    secret: string;
  };
}

/** A template message to one recipient: the stored template and the values of its variables. */
export interface TemplateMessage {
  /** E.164 with the plus sign, e.g. +919876543210. */
  to: string;
  template: {
    name: string;
    language: string;
    category: string;
    parameterFormat: 'POSITIONAL' | 'NAMED';
    components: TemplateComponent[];
    /** The vendor's id of the template where it has one (Sinch, Karix use ids). */
    vendorTemplateId: string | null;
  };
  values: TemplateValues;
}

/** A message inside the customer-service window. */
export type SessionMessage =
  | { kind: 'text'; to: string; text: string }
  | {
      kind: 'media';
      to: string;
      mediaType: 'image' | 'video' | 'document' | 'audio';
      /** A public https URL the vendor can fetch (or a Parley file URL for the Sandbox). */
      url: string;
      fileName: string;
      caption: string;
    };

export interface SendResult {
  /** The vendor's message id: wamid…, Kaleyra's id, Sinch's message_id, Route Mobile's request_id. */
  vendorMessageId: string;
}

/**
 * Why a vendor call failed. `retryable`: throughput (130429), maintenance (131057), 5xx, timeouts
 * and network failures; the caller may try again later. Everything else is permanent for this
 * message. `auth`: the credentials were refused (permanent, and worth telling the administrator).
 */
export class VendorError extends Error {
  constructor(
    readonly kind: 'retryable' | 'permanent' | 'auth' | 'outside_window',
    /** The vendor's own code as text ('131047', 'E401', 'HTTP 503', 'timeout'). */
    readonly code: string,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'VendorError';
  }
  get retryable() {
    return this.kind === 'retryable';
  }
}

export interface WebhookRequest {
  method: 'GET' | 'POST';
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  /** The body exactly as received: signatures are computed on these bytes. */
  rawBody: Buffer;
}

/** What the webhook route answers: the challenge (GET), accept, or refuse with a reason. */
export type WebhookVerdict =
  | { kind: 'challenge'; body: string }
  | { kind: 'accept' }
  | { kind: 'reject'; status: 400 | 401 | 403; reason: string };

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusEvent {
  vendorMessageId: string;
  status: DeliveryStatus;
  at: Date;
  recipient?: string;
  error?: { code: string; title: string };
}

export interface InboundMessage {
  vendorMessageId: string;
  /** E.164 with plus. */
  from: string;
  name?: string;
  at: Date;
  type: 'text' | 'button' | 'image' | 'video' | 'document' | 'audio' | 'other';
  text: string;
  /** A quick-reply button's payload, when the customer pressed one. */
  buttonPayload?: string;
  media?: { id?: string; url?: string; mimeType?: string; caption?: string };
}

export interface TemplateStatusEvent {
  vendorTemplateId?: string;
  name?: string;
  language?: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  reason?: string;
}

export interface ParsedWebhook {
  statuses: StatusEvent[];
  inbound: InboundMessage[];
  templates: TemplateStatusEvent[];
}

export interface TemplateSubmission {
  /** Set when editing a template the vendor already has (Meta: POST /<template id>). */
  vendorTemplateId?: string | null;
  name: string;
  language: string;
  category: string;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  components: TemplateComponent[];
  /** Reads a header sample uploaded to Parley (Meta needs the bytes for its upload handle). */
  readMedia?: (media: TemplateMedia) => Promise<{ bytes: Buffer; contentType: string; fileName: string }>;
}

export interface VendorAdapter {
  readonly vendor: number;
  sendTemplate(channel: AdapterChannel, message: TemplateMessage): Promise<SendResult>;
  sendSession(channel: AdapterChannel, message: SessionMessage): Promise<SendResult>;
  /** GET verification or POST signature check, before anything is parsed or stored. */
  verifyWebhook(channel: AdapterChannel, request: WebhookRequest): WebhookVerdict;
  /** The events of a verified callback body; throws VendorError('permanent') on a malformed one. */
  parseWebhook(channel: AdapterChannel, request: WebhookRequest): ParsedWebhook;
  /** The vendor's cheapest authenticated call; only when the vendor table says testConnection. */
  testConnection?(channel: AdapterChannel): Promise<{ ok: boolean; message: string }>;
  /** Template API (Meta, Sandbox): submit, then statuses arrive by webhook or fetchTemplate. */
  submitTemplate?(
    channel: AdapterChannel,
    template: TemplateSubmission,
  ): Promise<{ vendorTemplateId: string; status: TemplateStatusEvent['status']; reason?: string }>;
  fetchTemplate?(
    channel: AdapterChannel,
    template: { name: string; language: string; vendorTemplateId: string | null },
  ): Promise<TemplateStatusEvent | null>;
  deleteTemplate?(channel: AdapterChannel, template: { name: string; vendorTemplateId: string | null }): Promise<void>;
}

/** Options every HTTP adapter takes; `baseUrl` points it at a fake vendor in tests. */
export interface HttpAdapterOptions {
  http: OutboundHttp;
  baseUrl?: string;
}

/** Maps a WhatsApp (Cloud API) error code to retryable or permanent. */
export function whatsappErrorKind(code: number | string, httpStatus?: number): VendorError['kind'] {
  const value = Number(code);
  if (value === 131047 || value === 470) return 'outside_window';
  if ([130429, 131057, 131000, 131016, 133004, 2, 1, 4, 80007].includes(value)) return 'retryable';
  if ([190, 0, 10, 200, 131005, 131031].includes(value) || httpStatus === 401) return 'auth';
  if (httpStatus !== undefined && httpStatus >= 500) return 'retryable';
  return 'permanent';
}
