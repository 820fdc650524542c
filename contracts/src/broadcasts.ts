import { z } from 'zod';
import { defineRoute, idParam, pageQuery } from './envelope';
import { templateComponent } from './templates';

/**
 * Broadcast (issue 8; engagement.md §2.9, §2.10, §2.14, §2.18, §3, §4, §5, §7.2, §8, §9),
 * the blacklist and opt-outs (platform §2.2, §7.5), the rate card behind the estimate, and the
 * delivery report (platform §7.1). Texts quoted from the spec are verbatim, typos included.
 */
export const broadcastMessages = {
  mandatory: 'This Field is Mandatory',
  invalidNumber: 'please enter valid number',
  invalidFileType: 'Invalid file type !',
  attachmentMissing: 'Attachment is missing !',
  mediaMissingInCard: (n: number) => `Media missing in card ${n}`,
  mappingMissing: 'Variable mapping missing, check all cards',
  urlVariableNotFound: 'URL variable not found',
  urlVariablesMapped: 'URL variables mapped',
  noRecord: 'No Record',
  customersTitle: "Customer's List",
  chooseCustomer: 'Choose Customer',
  heading: 'Broadcast',
  sendTemplate: 'Send Template',
  // Beyond the spec:
  sent: 'Broadcast queued: messages go out at the channel’s pace',
  tooManyRecipients: (max: number) => `At most ${max.toLocaleString('en-US')} numbers in one broadcast`,
  noValidRecipients: 'None of these numbers can be messaged: see the check for why',
  templateNotApproved: 'Only an APPROVED template can be sent',
  blacklisted: 'Number is on the blacklist',
  optedOut: 'Number opted out (replied STOP)',
  duplicate: 'Number appears more than once',
  noCustomer: (column: string) => `No customer with this number to fill ${column}`,
  emptyValue: (variable: string) => `No value for ${variable}`,
  retryQueued: (n: number) => `${n} failed message${n === 1 ? '' : 's'} queued again`,
  nothingToRetry: 'No failed message can be retried: their errors are permanent',
} as const;

/** Page sizes and limits of engagement.md §9, plus the size of a broadcast. */
export const broadcastLimits = {
  listPageSize: 20,
  channelPageSize: 20,
  templatePageSize: 20,
  customerPickerPageSize: 15,
  mobileMinLength: 10,
  maxRecipients: 100_000,
  defaultRangeDays: 7,
  examplesPerKind: 5,
} as const;

/** Splits the Mobile Numbers field: on commas (and new lines), trimmed, empties dropped (§5). */
export function splitMobileNumbers(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The spec's client rule: each number at least 10 characters long. */
export function mobileNumberError(numbers: readonly string[]): string | null {
  if (numbers.length === 0) return broadcastMessages.mandatory;
  if (numbers.some((number) => number.replace(/[\s-]/g, '').length < broadcastLimits.mobileMinLength))
    return broadcastMessages.invalidNumber;
  return null;
}

/**
 * One variable of a template as the mapping widget lists it (§2.14): its key (the same keys the
 * template test send takes: 'header.1', 'body.1' or 'body.first_name', 'button0',
 * 'card1.body.1', 'card1.button0'), where it sits, its example, and whether it must be mapped.
 */
export const templateVariable = z.object({
  variable: z.string(),
  /** header | body | buttonPayload | url | couponCode | cards */
  type: z.string(),
  label: z.string(),
  parameters: z.array(z.object({ name: z.string(), type: z.enum(['TEXT', 'URL']) })),
  isRequired: z.boolean(),
  example: z.string(),
  /** 1-based card number for carousel variables. */
  card: z.number().int().optional(),
});
export type TemplateVariable = z.infer<typeof templateVariable>;

/** How one variable is filled (§2.14, §3 "Mapping per variable"). */
export const variableMapping = z.object({
  variable: z.string().min(1).max(100),
  /** static: Assign Constant Value; column: Map Column Value (a customer attribute); expression: URLs only. */
  type: z.enum(['static', 'column', 'expression']),
  /** The constant, the column (name, phoneNumber or a customer attribute's fieldName), or the expression with {{column}} parts. */
  value: z.string().max(2000),
});
export type VariableMapping = z.infer<typeof variableMapping>;

/** Media given with the message (§3 broadcast request: media {fileName, type, url}). */
export const broadcastMedia = z.object({
  fileId: z.uuid(),
  fileName: z.string().max(255).default(''),
  /** IMAGE, VIDEO or DOCUMENT (shown as DOC). */
  type: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']),
  url: z.string().max(2000).default(''),
});

/** The broadcast request of engagement.md §3. */
export const broadcastRequest = z.object({
  channelId: z.uuid(broadcastMessages.mandatory),
  /** The list of numbers (with country code; a number without one takes the default region). */
  phoneNumber: z
    .array(z.string().trim().max(32))
    .max(broadcastLimits.maxRecipients, broadcastMessages.tooManyRecipients(broadcastLimits.maxRecipients)),
  message: z.object({
    template: z.object({
      /** The template's name (the spec's templateId). */
      templateId: z.string().max(600),
      /** Parley's id of the template (the spec's templateUId). */
      templateUId: z.uuid(broadcastMessages.mandatory),
      media: broadcastMedia.optional(),
      cards: z
        .array(z.object({ media: broadcastMedia.optional() }))
        .max(10)
        .optional(),
    }),
  }),
  columnMapping: z.array(variableMapping).max(200).default([]),
  resourceId: z.string().max(100).optional(),
  resourceType: z.enum(['CAMPAIGN', 'CHAT']).optional(),
});
export type BroadcastRequest = z.input<typeof broadcastRequest>;

const example = z.object({ phone: z.string(), reason: z.string() });

/** The pre-send check (issue 8 item 2): every recipient resolved before anything is sent. */
export const broadcastCheck = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  blocked: z.number().int(),
  /** Up to five of each kind, with why. */
  examples: z.object({
    valid: z.array(z.object({ phone: z.string(), name: z.string().nullable(), preview: z.string() })),
    invalid: z.array(example),
    duplicate: z.array(example),
    blocked: z.array(example),
  }),
  /** Field errors of the request itself (a missing attachment, an unmapped variable, ...). */
  fieldErrors: z.record(z.string(), z.string()),
  estimate: z.object({
    currencySymbol: z.string(),
    estimatedRate: z.number(),
    /** Recipients whose country has no rate in the rate card. */
    unpriced: z.number().int(),
    byCountry: z.array(z.object({ country: z.string(), recipients: z.number().int(), rate: z.number().nullable() })),
  }),
});
export type BroadcastCheck = z.infer<typeof broadcastCheck>;

export const broadcastStatuses = ['QUEUED', 'SENDING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;

/** §3 broadcast list item, plus its progress. */
export const broadcastListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  user: z.object({ name: z.string() }),
  channelName: z.string(),
  createdOn: z.string(),
  status: z.string(),
  progress: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    failed: z.number().int(),
    blocked: z.number().int(),
    pending: z.number().int(),
    /** Messages sent again after a crash because the vendor's answer was not recorded. */
    possibleDuplicates: z.number().int(),
  }),
});
export type BroadcastListItem = z.infer<typeof broadcastListItem>;

/** §3 broadcast detail. */
export const broadcastDetail = broadcastListItem.extend({
  channelId: z.uuid(),
  phoneNumbers: z.array(z.string()),
  message: z.object({
    template: z.object({
      templateId: z.string(),
      templateUId: z.uuid().nullable(),
      components: z.array(templateComponent),
      parameterFormat: z.string(),
      media: broadcastMedia.optional(),
      cards: z.array(z.object({ media: broadcastMedia.optional() })).optional(),
    }),
  }),
  columnMapping: z.array(variableMapping),
  messagesPerSecond: z.number().int(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Failed recipients whose error is retryable (what 'Retry failed' would resend). */
  retryable: z.number().int(),
});
export type BroadcastDetail = z.infer<typeof broadcastDetail>;

/** §3 message row: from, to, currentDeliveryStatus, currentDeliveryStatusTime. */
export const broadcastMessageRow = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  /** READ, DELIVERED, SUCCESS (accepted or sent), FAILED, PENDING, BLOCKED. */
  currentDeliveryStatus: z.string(),
  currentDeliveryStatusTime: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
});
export type BroadcastMessageRow = z.infer<typeof broadcastMessageRow>;

/** §2.18 / §3 delivery status: currentDeliveryStatus, transId, messageStatuses (status, messageStatusTime, msg). */
export const messageStatusHistory = z.object({
  currentDeliveryStatus: z.string(),
  transId: z.string().nullable(),
  messageStatuses: z.array(z.object({ status: z.string(), messageStatusTime: z.string(), msg: z.string() })),
});
export type MessageStatusHistory = z.infer<typeof messageStatusHistory>;

/** Delivery statuses as the spec names them, from the channel log's. */
export function deliveryStatusName(status: string): string {
  switch (status) {
    case 'read':
      return 'READ';
    case 'delivered':
      return 'DELIVERED';
    case 'accepted':
    case 'sent':
      return 'SUCCESS';
    case 'failed':
      return 'FAILED';
    case 'blocked':
      return 'BLOCKED';
    default:
      return 'PENDING';
  }
}

export const broadcastListQuery = pageQuery.extend({
  perPage: z.coerce.number().int().min(1).max(200).default(broadcastLimits.listPageSize),
  name: z.string().trim().max(200).optional(),
  /** ISO date-times; default the last 7 days up to today. */
  fromDate: z.iso.datetime({ offset: true }).optional(),
  toDate: z.iso.datetime({ offset: true }).optional(),
});

export const mediaValidateBody = z.object({
  id: z.uuid(),
  channelType: z.enum(['WHATSAPP', 'RCS']).default('WHATSAPP'),
  mediaType: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']),
});

export const estimateBody = z.object({
  channelId: z.uuid(),
  templateUId: z.uuid(),
  phoneNumber: z.array(z.string().trim().max(32)).max(broadcastLimits.maxRecipients).default([]),
  /** The spec's estimation request fields, for a campaign with no numbers at hand. */
  countryCode: z.string().trim().max(4).optional(),
  noOfRecipients: z.coerce.number().int().min(0).max(10_000_000).optional(),
  source: z.literal('START').optional(),
});

export const broadcastRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/broadcasts',
    summary: 'Broadcasts by template name and date range (default the last 7 days), page 20',
    query: broadcastListQuery,
    data: z.object({ broadcastList: z.array(broadcastListItem), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/broadcasts/:id',
    summary: 'One broadcast: its request, template and progress',
    params: idParam,
    data: z.object({ data: broadcastDetail }),
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/broadcasts/:id/messages',
    summary: 'The messages of a broadcast: From, To, Sent Date, Status',
    params: idParam,
    query: pageQuery.extend({ status: z.string().trim().max(20).optional() }),
    data: z.object({ message: z.array(broadcastMessageRow), more: z.boolean() }),
  }),
  messageStatus: defineRoute({
    method: 'GET',
    path: '/api/broadcasts/:id/messages/:messageId',
    summary: 'The Message Status dialog: current status, channel message id and history',
    params: z.object({ id: z.uuid(), messageId: z.uuid() }),
    data: messageStatusHistory,
  }),
  validate: defineRoute({
    method: 'POST',
    path: '/api/broadcasts/validate',
    summary: 'The pre-send check: every recipient resolved, counts with examples, the estimated cost',
    body: broadcastRequest,
    data: broadcastCheck,
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/broadcasts',
    summary: 'Stores the broadcast and its recipients (the outbox) and queues the sending',
    body: broadcastRequest,
    data: z.object({ data: broadcastDetail }),
  }),
  retryFailed: defineRoute({
    method: 'POST',
    path: '/api/broadcasts/:id/retry-failed',
    summary: 'Sends again only the failed recipients whose error is retryable',
    params: idParam,
    data: z.object({ queued: z.number().int() }),
  }),
  expressionVariables: defineRoute({
    method: 'POST',
    path: '/api/broadcasts/expression-variables',
    summary: 'Expression variable lookup: the {{column}} parts of a URL expression and the customer columns they read',
    body: z.object({ expression: z.string().trim().min(1, broadcastMessages.mandatory).max(2000) }),
    data: z.object({ variables: z.array(z.object({ name: z.string(), label: z.string() })) }),
  }),
  columns: defineRoute({
    method: 'GET',
    path: '/api/broadcasts/columns',
    summary: 'The columns a variable can be mapped to: name, phoneNumber and the customer attributes',
    data: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  customers: defineRoute({
    method: 'GET',
    path: '/api/broadcasts/customers',
    summary: "The Customer's List picker: customers by name or phone, newest first, page 15",
    query: pageQuery.extend({
      perPage: z.coerce.number().int().min(1).max(100).default(broadcastLimits.customerPickerPageSize),
      search: z.string().trim().max(100).optional(),
    }),
    data: z.object({
      customers: z.array(z.object({ id: z.uuid(), name: z.string(), phoneNumber: z.string() })),
      more: z.boolean(),
    }),
  }),
  templateVariables: defineRoute({
    method: 'GET',
    path: '/api/broadcasts/template-variables',
    summary: 'The variables of a template, for the mapping widget (§7.2: by channelId and templateId)',
    query: z.object({ channelId: z.uuid(), templateId: z.uuid() }),
    data: z.array(templateVariable),
  }),
  validateMedia: defineRoute({
    method: 'POST',
    path: '/api/broadcasts/media/validate',
    summary: 'Checks an uploaded file against the media rules of the channel type (§7.2 validate chat media)',
    body: mediaValidateBody,
    data: z.object({ valid: z.boolean(), message: z.string() }),
  }),
  estimate: defineRoute({
    method: 'POST',
    path: '/api/broadcasts/estimate',
    summary: 'Estimated cost from the rate card (§7.2 campaign estimation)',
    body: estimateBody,
    data: z.object({ currencySymbol: z.string(), estimatedRate: z.number() }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Blacklist and opt-outs (platform §2.2 /campaigns/blacklist, §7.5 BlackList CRUD and list).

export const optOutKeywords = ['STOP', 'रोकें'] as const;

/** True when an inbound text is an opt-out: STOP or रोकें on its own (case and spacing aside). */
export function isOptOut(text: string): boolean {
  const word = text
    .normalize('NFC')
    .trim()
    .replace(/[.!।\s]+$/u, '')
    .toUpperCase();
  return optOutKeywords.some((keyword) => word === keyword.normalize('NFC').toUpperCase());
}

export const blacklistEntry = z.object({
  id: z.uuid(),
  phoneNumber: z.string(),
  reason: z.string(),
  /** manual | import | opt_out */
  source: z.string(),
  createdBy: z.string().nullable(),
  createdOn: z.string(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntry>;

export const blacklistAddBody = z.object({
  phoneNumbers: z.array(z.string().trim().max(32)).min(1, broadcastMessages.mandatory).max(10_000),
  reason: z.string().trim().max(200).default(''),
});

export const blacklistResult = z.object({
  added: z.number().int(),
  already: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), value: z.string(), message: z.string() })),
});

export const blacklistRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/blacklist',
    summary: 'Blacklisted and opted-out numbers, searchable',
    query: pageQuery.extend({ search: z.string().trim().max(100).optional(), source: z.string().max(20).optional() }),
    data: z.object({ blacklist: z.array(blacklistEntry), more: z.boolean(), total: z.number().int() }),
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/blacklist',
    summary: 'Adds numbers to the blacklist',
    body: blacklistAddBody,
    data: blacklistResult,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/blacklist/:id',
    summary: 'Removes a number from the blacklist (an opted-out number may be messaged again)',
    params: idParam,
    data: z.object({ id: z.uuid() }),
  }),
  /** POST /api/blacklist/import (multipart, one CSV file: a number per line or a phoneNumber column). */
  import: defineRoute({
    method: 'POST',
    path: '/api/blacklist/import',
    summary: 'Imports numbers from a CSV file (multipart field "file")',
    data: blacklistResult,
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Rate card: what a message costs per country and template category (the estimate's source).

export const rateCategories = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const currencySymbols = { INR: '₹', USD: '$' } as const;

export const rateCardBody = z.object({
  currency: z.enum(['INR', 'USD']),
  rates: z
    .array(
      z.object({
        /** Dial code without the plus, e.g. '91', '1', '44'. */
        country: z
          .string()
          .trim()
          .regex(/^\d{1,4}$/, 'A dial code such as 91'),
        category: z.enum(rateCategories),
        rate: z.coerce.number().min(0, 'At least 0').max(1000, 'At most 1000'),
      }),
    )
    .max(2000),
});
export type RateCardBody = z.input<typeof rateCardBody>;

export const rateCardRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/rate-card',
    summary: 'The rate card: price per message by country and template category',
    data: rateCardBody,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/rate-card',
    summary: 'Replaces the rate card',
    body: rateCardBody,
    data: rateCardBody,
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Delivery report (platform §7.1: GET chatbird/api/reports/messages/status).

export const messageReportQuery = pageQuery.extend({
  channelId: z.uuid().optional(),
  customerNumber: z.string().trim().max(32).optional(),
  fromDate: z.iso.datetime({ offset: true }).optional(),
  toDate: z.iso.datetime({ offset: true }).optional(),
  /** broadcast | test | session | chat | inbound */
  source: z.string().trim().max(20).optional(),
  messageId: z.string().trim().max(200).optional(),
  /** READ, DELIVERED, SUCCESS, FAILED, RECEIVED */
  status: z.string().trim().max(20).optional(),
});

export const reportMessage = z.object({
  id: z.uuid(),
  channelName: z.string(),
  direction: z.string(),
  customerNumber: z.string(),
  messageId: z.string().nullable(),
  source: z.string(),
  templateName: z.string().nullable(),
  status: z.string(),
  statusTime: z.string(),
  errorCode: z.string().nullable(),
  errorText: z.string().nullable(),
  createdOn: z.string(),
});
export type ReportMessage = z.infer<typeof reportMessage>;

export const reportRoutes = {
  messages: defineRoute({
    method: 'GET',
    path: '/api/reports/messages/status',
    summary: 'Messages by channel, number, date range, source, status and message id',
    query: messageReportQuery,
    data: z.object({ messages: z.array(reportMessage), more: z.boolean() }),
  }),
  /** GET /api/reports/messages/status.csv with the same query: the CSV export (formula cells neutralised). */
  export: defineRoute({
    method: 'GET',
    path: '/api/reports/messages/status.csv',
    summary: 'The same messages as CSV (cells starting with = + - @ are neutralised)',
    query: messageReportQuery,
    data: z.string(),
  }),
} as const;
