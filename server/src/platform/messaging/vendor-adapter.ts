import type { TemplateComponent, TemplateMedia, TemplateStatus, TemplateValues } from '@parley/contracts/templates';
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
    }
  | {
      /** A text with reply buttons (WhatsApp's interactive message: a press comes back as a button_reply). */
      kind: 'buttons';
      to: string;
      text: string;
      /** One to three; WhatsApp takes titles of up to 20 characters and ids of up to 256. */
      buttons: { id: string; title: string }[];
      /** What goes out instead on a vendor without reply buttons: the text with the choices written out. */
      fallbackText: string;
    };

/** The message as a vendor without reply buttons sends it: buttons become their fallback text. */
export function withoutButtons(message: SessionMessage): Exclude<SessionMessage, { kind: 'buttons' }> {
  return message.kind === 'buttons' ? { kind: 'text', to: message.to, text: message.fallbackText } : message;
}

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
  /**
   * The business phone number the event is about (Meta's `metadata.phone_number_id`), where the
   * vendor says: callbacks of two numbers of one Meta app can arrive at either number's URL.
   */
  phoneNumberId?: string;
}

/** The message types Parley keeps the content of; anything else arrives as 'other'. */
export type InboundType =
  | 'text'
  | 'button'
  | 'image'
  | 'video'
  | 'document'
  | 'audio'
  | 'sticker'
  | 'location'
  | 'contacts'
  | 'reaction'
  | 'flow'
  | 'order'
  | 'system'
  | 'other';

/** A contact card a customer shared (Meta's shape, trimmed to its known fields). */
export interface SharedContact {
  name: { formattedName: string; firstName?: string; lastName?: string };
  phones: { phone: string; type?: string; waId?: string }[];
  emails: { email: string; type?: string }[];
  organization?: { company?: string; department?: string; title?: string };
  urls: { url: string; type?: string }[];
  birthday?: string;
}

/**
 * A message a customer sent, in one typed shape whatever the vendor (reference/whatsapp.md §3 and
 * decision 017). `text` is always a readable line (a caption, the location's name, "Reacted 👍").
 */
export interface InboundMessage {
  vendorMessageId: string;
  /**
   * Who wrote: E.164 with plus, or, when WhatsApp withholds the number (a customer with a
   * username), the business-scoped user id (`US.13491208655302741918`), or `@username` as a last resort.
   */
  from: string;
  name?: string;
  /** WhatsApp's business-scoped user id (BSUID) and username, when given. */
  userId?: string;
  username?: string;
  at: Date;
  type: InboundType;
  text: string;
  /** A quick-reply button's payload, when the customer pressed one. */
  buttonPayload?: string;
  /** Which reply the customer chose: a template's quick reply, an interactive button or a list row. */
  reply?: { kind: 'quick_reply' | 'button' | 'list'; id: string; title: string; description?: string };
  media?: {
    id?: string;
    url?: string;
    mimeType?: string;
    caption?: string;
    fileName?: string;
    sha256?: string;
    animated?: boolean;
  };
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  contacts?: SharedContact[];
  /** The message reacted to and the emoji; an empty emoji means the reaction was removed. */
  reaction?: { messageId: string; emoji: string };
  /** A WhatsApp Flow's answer (interactive nfm_reply): the form's fields and the flow token. */
  flow?: { response: Record<string, unknown>; flowToken?: string; name?: string };
  order?: {
    catalogId?: string;
    text?: string;
    items: { productRetailerId: string; quantity: number; itemPrice?: number; currency?: string }[];
  };
  /** A system notice (the customer changed number or user id). */
  system?: { kind: string; body: string; newWaId?: string; userId?: string };
  /** The message this one answers or quotes. */
  context?: { messageId: string; from?: string };
  /** Why WhatsApp could not pass the message on (type unsupported). */
  errors?: { code: string; title: string; details?: string }[];
  /** The business phone number it was sent to (Meta's `metadata.phone_number_id`). */
  phoneNumberId?: string;
}

/** The five template statuses Parley keeps (the contract's), to which vendors' statuses are mapped. */
export type { TemplateStatus };

export interface TemplateStatusEvent {
  vendorTemplateId?: string;
  name?: string;
  language?: string;
  /** Absent when the event changes only the category (Meta's template_category_update). */
  status?: TemplateStatus;
  reason?: string;
  /** The template's category when the vendor changed or confirmed it. */
  category?: string;
  /** The WhatsApp Business Account the event is about (Meta's `entry[].id`). */
  wabaId?: string;
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
  ): Promise<{ vendorTemplateId: string; status: TemplateStatus; reason?: string }>;
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
