import type { TemplateComponent } from '@parley/contracts/templates';

/**
 * What a stored broadcast holds for its sending (written by the send, read by the pipeline):
 *
 * - `broadcasts.template_snapshot`: the template as it was sent ({@link TemplateSnapshot}). Its
 *   header and card media are already the broadcast's attachments (`/api/files/<id>` URLs; the
 *   channels messaging signs them for outside vendors), so a message needs nothing else.
 * - `broadcasts.media`: the request's attachments as the detail shows them ({@link BroadcastMediaSet}).
 * - `broadcast_recipients.values`: the recipient's resolved TemplateValues (header, body,
 *   buttons, cards[].body / cards[].buttons), every required variable filled.
 * - blocked numbers are stored too, with state 'blocked', error_code 'blacklisted' or 'opted_out'
 *   and error_text the reason; `broadcasts.total` counts every stored row (pending and blocked).
 */
export interface TemplateSnapshot {
  name: string;
  language: string;
  category: string;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  components: TemplateComponent[];
  vendorTemplateId: string | null;
}

export interface StoredMedia {
  fileId: string;
  fileName: string;
  type: 'IMAGE' | 'VIDEO' | 'DOCUMENT';
  /** `/api/files/<id>`. */
  url: string;
}

export interface BroadcastMediaSet {
  media?: StoredMedia;
  cards?: { media?: StoredMedia }[];
}
