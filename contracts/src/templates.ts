import { z } from 'zod';
import { defineRoute, idParam, pageQuery } from './envelope';

/**
 * WhatsApp message templates (platform §7.5, §9; engagement.md §2.17, §3; Meta's rules in
 * reference/whatsapp.md §2). Components are kept in Meta's shape (HEADER, BODY, FOOTER, BUTTONS,
 * CAROUSEL, LIMITED_TIME_OFFER) so that what the console edits is what a vendor receives. Where
 * the spec's limit differs from Meta's, the spec's number stands (the preview and the form show it).
 */

export const templateCategories = ['UTILITY', 'AUTHENTICATION', 'MARKETING'] as const;
export const templateCategoryLabels = {
  UTILITY: 'Utility',
  AUTHENTICATION: 'Authentication',
  MARKETING: 'Marketing',
} as const;
export const templateStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
export type TemplateStatus = (typeof templateStatuses)[number];
export const headerFormats = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type HeaderFormat = (typeof headerFormats)[number];
export const buttonTypes = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'] as const;
export type ButtonType = (typeof buttonTypes)[number];
export const buttonTypeLabels: Record<ButtonType, string> = {
  QUICK_REPLY: 'Quick reply',
  URL: 'Visit website',
  PHONE_NUMBER: 'Call phone number',
  COPY_CODE: 'Copy offer code',
};

/** Platform §9 (the spec's numbers) and Meta's rules where the spec is silent. */
export const templateLimits = {
  name: 512,
  header: 60,
  body: 1024,
  footer: 60,
  quickButtonText: 25,
  actionButtonText: 25,
  cardBody: 160,
  offerText: 15,
  offerBody: 600,
  carouselButtons: 2,
  carouselCardsMin: 2,
  carouselCardsMax: 10,
  buttons: 10,
  quickReplies: 10,
  urlButtons: 2,
  urlLength: 2000,
  phoneButtons: 1,
  phoneLength: 20,
  copyCodeButtons: 1,
  copyCodeExample: 15,
  variableExample: 200,
} as const;

/** Media a header may carry (platform §9 media types). */
export const headerMediaTypes: Record<'IMAGE' | 'VIDEO' | 'DOCUMENT', readonly string[]> = {
  IMAGE: ['image/jpeg', 'image/png'],
  VIDEO: ['video/mp4'],
  DOCUMENT: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv',
  ],
};

/** A sample file for a media header: uploaded through POST /api/files. */
const media = z.object({
  fileId: z.uuid().optional(),
  /** `/api/files/<id>` or an https URL. */
  url: z.string().max(2000),
  fileName: z.string().max(255).default(''),
  contentType: z.string().max(200).default(''),
});
export type TemplateMedia = z.infer<typeof media>;

const text = z.string().max(5000);

export const templateButton = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text }),
  /** `url` may end with one variable `{{1}}`; `example` is the full example URL (required then). */
  z.object({
    type: z.literal('URL'),
    text,
    url: z.string().max(5000),
    example: z.array(z.string().max(5000)).max(1).optional(),
  }),
  z.object({ type: z.literal('PHONE_NUMBER'), text, phone_number: z.string().max(100) }),
  /** The offer code example (Meta: ≤ 15 characters); the text is fixed by WhatsApp ('Copy offer code'). */
  z.object({ type: z.literal('COPY_CODE'), example: z.string().max(100), text: z.string().max(100).optional() }),
]);
export type TemplateButton = z.infer<typeof templateButton>;

const headerComponent = z.object({
  type: z.literal('HEADER'),
  format: z.enum(headerFormats),
  text: text.optional(),
  /** Positional header example: `{ header_text: ['Jessica'] }`; named: `{ header_text_named_params: [...] }`. */
  example: z
    .object({
      header_text: z.array(z.string().max(1000)).optional(),
      header_text_named_params: z
        .array(z.object({ param_name: z.string().max(100), example: z.string().max(1000) }))
        .optional(),
    })
    .optional(),
  /** The sample media (IMAGE, VIDEO, DOCUMENT); the spec's resourceUrl. */
  media: media.optional(),
});
const bodyComponent = z.object({
  type: z.literal('BODY'),
  text,
  example: z
    .object({
      body_text: z.array(z.array(z.string().max(1000))).optional(),
      body_text_named_params: z
        .array(z.object({ param_name: z.string().max(100), example: z.string().max(1000) }))
        .optional(),
    })
    .optional(),
});
const footerComponent = z.object({ type: z.literal('FOOTER'), text });
const buttonsComponent = z.object({ type: z.literal('BUTTONS'), buttons: z.array(templateButton).max(20) });
const offerComponent = z.object({
  type: z.literal('LIMITED_TIME_OFFER'),
  limited_time_offer: z.object({ text: z.string().max(1000), has_expiration: z.boolean().default(true) }),
});

export const cardComponent = z.discriminatedUnion('type', [headerComponent, bodyComponent, buttonsComponent]);
export const templateCard = z.object({ components: z.array(cardComponent).max(3) });
export type TemplateCard = z.infer<typeof templateCard>;
const carouselComponent = z.object({ type: z.literal('CAROUSEL'), cards: z.array(templateCard).max(20) });

export const templateComponent = z.discriminatedUnion('type', [
  headerComponent,
  bodyComponent,
  footerComponent,
  buttonsComponent,
  carouselComponent,
  offerComponent,
]);
export type TemplateComponent = z.infer<typeof templateComponent>;
export type HeaderComponent = z.infer<typeof headerComponent>;
export type BodyComponent = z.infer<typeof bodyComponent>;

export const templateBody = z.object({
  channelId: z.uuid('This Field is Mandatory'),
  name: z.string().trim().max(600),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Choose a language')
    .default('en_US'),
  category: z.enum(templateCategories, { error: 'Choose a category' }),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).default('POSITIONAL'),
  components: z.array(templateComponent).max(8),
});
export type TemplateBody = z.input<typeof templateBody>;
export type TemplateInput = z.output<typeof templateBody>;

export const template = z.object({
  id: z.uuid(),
  /** The spec's templateId: the template's name at the vendor. */
  templateId: z.string(),
  name: z.string(),
  channelId: z.uuid(),
  channelName: z.string(),
  language: z.string(),
  category: z.string(),
  parameter_format: z.string(),
  /** STANDARD, CAROUSEL or LIMITED_TIME_OFFER (the spec's type CAROUSEL). */
  type: z.string(),
  components: z.array(templateComponent),
  status: z.string(),
  /** Why the vendor rejected, paused or disabled it. */
  reason: z.string().nullable(),
  vendorTemplateId: z.string().nullable(),
  /** False when the vendor has no template API: the template is registered in the vendor's portal. */
  vendorManaged: z.boolean(),
  submittedAt: z.string().nullable(),
  statusAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof template>;

export const templateListQuery = pageQuery.extend({
  name: z.string().trim().max(200).optional(),
  status: z.enum(templateStatuses).optional(),
  channelId: z.uuid().optional(),
});

export const templateTestSendBody = z.object({
  to: z.string().trim().min(1, 'This Field is Mandatory').max(32),
  /** Values for the variables, by variable name ('1', '2', 'first_name', 'card1.body.1', 'button0'); default: the examples. */
  values: z.record(z.string().max(100), z.string().max(1000)).default({}),
});

/** For vendors without a template API: record the vendor portal's decision. */
export const templateStatusBody = z.object({
  status: z.enum(templateStatuses),
  reason: z.string().trim().max(500).default(''),
});

export const templateRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/templates',
    summary: 'Message templates (status filter, name search, channel), page 20',
    query: templateListQuery,
    data: z.object({ templates: z.array(template), more: z.boolean() }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/templates/:id',
    summary: 'One template with its components',
    params: idParam,
    data: template,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/templates',
    summary: "Creates a template and submits it to the channel's vendor (status PENDING)",
    body: templateBody,
    data: template,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/templates/:id',
    summary: 'Edits a template and submits it again (status PENDING)',
    params: idParam,
    body: templateBody,
    data: template,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/templates/:id',
    summary: 'Deletes a template (and at the vendor where it has a template API)',
    params: idParam,
    data: z.object({ id: z.uuid() }),
  }),
  sync: defineRoute({
    method: 'POST',
    path: '/api/templates/:id/sync',
    summary: "Asks the vendor for the template's status now",
    params: idParam,
    data: template,
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: '/api/templates/:id/status',
    summary: "Records the vendor portal's decision for vendors without a template API",
    params: idParam,
    body: templateStatusBody,
    data: template,
  }),
  testSend: defineRoute({
    method: 'POST',
    path: '/api/templates/:id/test-send',
    summary: 'Sends an APPROVED template to one number with example (or given) values',
    params: idParam,
    body: templateTestSendBody,
    data: z.object({ messageId: z.uuid(), vendorMessageId: z.string(), status: z.string() }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Variables and the validator shared by the form and the server.

const variablePattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Variable names in order of appearance: '1', '2' or 'first_name'. */
export function templateVariables(value: string): string[] {
  return [...value.matchAll(variablePattern)].map((match) => match[1] ?? '');
}

export interface TemplateIssue {
  /** Where the problem is: 'name', 'header', 'body', 'footer', 'buttons.1', 'cards.0.body', 'offer', 'category'. */
  path: string;
  message: string;
}

export const templateKind = (
  components: readonly TemplateComponent[],
): 'STANDARD' | 'CAROUSEL' | 'LIMITED_TIME_OFFER' =>
  components.some((component) => component.type === 'CAROUSEL')
    ? 'CAROUSEL'
    : components.some((component) => component.type === 'LIMITED_TIME_OFFER')
      ? 'LIMITED_TIME_OFFER'
      : 'STANDARD';

function checkVariables(
  issues: TemplateIssue[],
  path: string,
  part: string,
  value: string,
  format: 'POSITIONAL' | 'NAMED',
  examples: readonly string[] | undefined,
  options: { max?: number; edges?: boolean } = {},
) {
  const names = templateVariables(value);
  if (names.length === 0) return;
  if (options.max !== undefined && names.length > options.max) {
    issues.push({ path, message: `${part} can have at most ${options.max} variable${options.max === 1 ? '' : 's'}` });
  }
  if (format === 'POSITIONAL') {
    const bad = names.find((name) => !/^\d+$/.test(name));
    if (bad !== undefined) {
      issues.push({ path, message: `${part}: variable {{${bad}}} must be a number like {{1}}` });
      return;
    }
    const numbers = names.map(Number);
    const distinct = [...new Set(numbers)].sort((a, b) => a - b);
    if (distinct.some((number, index) => number !== index + 1)) {
      issues.push({ path, message: `${part}: variables must be numbered in order from {{1}}` });
    }
  } else {
    const bad = names.find((name) => !/^[a-z][a-z0-9_]*$/.test(name));
    if (bad !== undefined) {
      issues.push({ path, message: `${part}: variable {{${bad}}} must use lowercase letters, digits and underscores` });
      return;
    }
  }
  const trimmed = value.trim();
  // Meta's 2388299 is about the body; a header such as 'Order {{1}}' is fine.
  if (options.edges !== false && (/^\{\{[^{}]*\}\}/.test(trimmed) || /\{\{[^{}]*\}\}$/.test(trimmed))) {
    issues.push({ path, message: `${part} cannot start or end with a variable` });
  }
  if (/\}\}\s*\{\{/.test(value)) issues.push({ path, message: `${part} cannot have two variables next to each other` });
  const needed = format === 'POSITIONAL' ? new Set(names).size : names.length;
  const given = (examples ?? []).filter((example) => example.trim() !== '');
  if (given.length < needed) {
    issues.push({ path: `${path}.examples`, message: `${part}: give an example for every variable` });
  }
  for (const example of given) {
    if (example.length > templateLimits.variableExample) {
      issues.push({
        path: `${path}.examples`,
        message: `${part}: an example can have at most ${templateLimits.variableExample} characters`,
      });
      break;
    }
  }
}

function tooLong(issues: TemplateIssue[], path: string, part: string, value: string, max: number) {
  if (value.length > max)
    issues.push({ path, message: `${part} must be at most ${max} characters (it has ${value.length})` });
}

function examplesOf(
  component: {
    example?: {
      header_text?: string[];
      body_text?: string[][];
      header_text_named_params?: { example: string }[];
      body_text_named_params?: { example: string }[];
    };
  },
  format: 'POSITIONAL' | 'NAMED',
  kind: 'header' | 'body',
): string[] {
  const example = component.example;
  if (!example) return [];
  if (format === 'NAMED')
    return (
      (kind === 'header' ? example.header_text_named_params : example.body_text_named_params)?.map(
        (item) => item.example,
      ) ?? []
    );
  return kind === 'header' ? (example.header_text ?? []) : (example.body_text?.[0] ?? []);
}

function checkButtons(
  issues: TemplateIssue[],
  buttons: readonly TemplateButton[],
  prefix: string,
  part: string,
  format: 'POSITIONAL' | 'NAMED',
) {
  buttons.forEach((button, index) => {
    const path = `${prefix}.${index}`;
    const label = `${part} ${index + 1} (${buttonTypeLabels[button.type]})`;
    if (button.type !== 'COPY_CODE') {
      if (button.text.trim() === '') issues.push({ path, message: `${label}: enter the button text` });
      const max = button.type === 'QUICK_REPLY' ? templateLimits.quickButtonText : templateLimits.actionButtonText;
      tooLong(issues, path, `${label} text`, button.text, max);
      if (templateVariables(button.text).length > 0)
        issues.push({ path, message: `${label} text cannot have variables` });
    }
    if (button.type === 'URL') {
      const url = button.url.trim();
      tooLong(issues, path, `${label} URL`, url, templateLimits.urlLength);
      const names = templateVariables(url);
      if (!/^https?:\/\/[^\s]+$/i.test(url)) issues.push({ path, message: `${label}: enter an http(s) URL` });
      if (names.length > 1) issues.push({ path, message: `${label} URL can have at most 1 variable` });
      if (names.length === 1) {
        if (!/\{\{[^{}]*\}\}$/.test(url))
          issues.push({ path, message: `${label} URL: the variable must be at the end` });
        if (format === 'POSITIONAL' && names[0] !== '1')
          issues.push({ path, message: `${label} URL: the variable must be {{1}}` });
        if (!button.example?.[0]?.trim())
          issues.push({ path: `${path}.examples`, message: `${label}: give an example URL` });
      }
    }
    if (button.type === 'PHONE_NUMBER') {
      const phone = button.phone_number.trim();
      if (!/^\+?[1-9]\d{6,18}$/.test(phone.replace(/[\s-]/g, '')))
        issues.push({ path, message: `${label}: enter a phone number with its country code` });
      tooLong(issues, path, `${label} phone number`, phone, templateLimits.phoneLength);
    }
    if (button.type === 'COPY_CODE') {
      if (button.example.trim() === '') issues.push({ path, message: `${label}: give an example offer code` });
      tooLong(issues, path, `${label} example code`, button.example, templateLimits.copyCodeExample);
    }
  });
}

/**
 * Every limit of platform §9 and Meta's rules, with the part and the limit in the message.
 * An empty list means the template can be submitted.
 */
export function validateTemplate(
  input: Pick<TemplateInput, 'name' | 'category' | 'components'> & { parameter_format?: 'POSITIONAL' | 'NAMED' },
): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const format = input.parameter_format ?? 'POSITIONAL';
  const name = input.name.trim();
  if (name === '') issues.push({ path: 'name', message: 'This Field is Mandatory' });
  else if (!/^[a-z0-9_]+$/.test(name))
    issues.push({ path: 'name', message: 'Template name: use lowercase letters, digits and underscores only' });
  tooLong(issues, 'name', 'Template name', name, templateLimits.name);

  const byType = <T extends TemplateComponent['type']>(type: T) =>
    input.components.filter(
      (component): component is Extract<TemplateComponent, { type: T }> => component.type === type,
    );
  for (const type of ['HEADER', 'BODY', 'FOOTER', 'BUTTONS', 'CAROUSEL', 'LIMITED_TIME_OFFER'] as const) {
    if (byType(type).length > 1)
      issues.push({
        path: type.toLowerCase(),
        message: `A template can have only one ${type.toLowerCase().replace(/_/g, ' ')}`,
      });
  }
  const header = byType('HEADER')[0];
  const body = byType('BODY')[0];
  const footer = byType('FOOTER')[0];
  const buttons = byType('BUTTONS')[0]?.buttons ?? [];
  const carousel = byType('CAROUSEL')[0];
  const offer = byType('LIMITED_TIME_OFFER')[0];

  if (header) {
    if (header.format === 'TEXT') {
      const value = header.text ?? '';
      if (value.trim() === '') issues.push({ path: 'header', message: 'Header: enter the header text' });
      tooLong(issues, 'header', 'Header', value, templateLimits.header);
      checkVariables(issues, 'header', 'Header', value, format, examplesOf(header, format, 'header'), {
        max: 1,
        edges: false,
      });
    } else if (!header.media?.url) {
      issues.push({
        path: 'header',
        message: `Header: upload a sample ${header.format.toLowerCase()} for the ${header.format} header`,
      });
    } else if (header.media.contentType && !headerMediaTypes[header.format].includes(header.media.contentType)) {
      issues.push({
        path: 'header',
        message: `Header: a ${header.format} header takes ${headerMediaTypes[header.format].map((type) => type.split('/')[1]).join(', ')} files`,
      });
    }
  }

  if (!body || body.text.trim() === '') issues.push({ path: 'body', message: 'Body: This Field is Mandatory' });
  if (body) {
    const max = offer ? templateLimits.offerBody : templateLimits.body;
    tooLong(issues, 'body', 'Body', body.text, max);
    checkVariables(issues, 'body', 'Body', body.text, format, examplesOf(body, format, 'body'));
  }

  if (footer) {
    tooLong(issues, 'footer', 'Footer', footer.text, templateLimits.footer);
    if (templateVariables(footer.text).length > 0)
      issues.push({ path: 'footer', message: 'Footer cannot have variables' });
  }

  if (buttons.length > templateLimits.buttons)
    issues.push({ path: 'buttons', message: `A template can have at most ${templateLimits.buttons} buttons` });
  const count = (type: ButtonType) => buttons.filter((button) => button.type === type).length;
  if (count('QUICK_REPLY') > templateLimits.quickReplies)
    issues.push({ path: 'buttons', message: `At most ${templateLimits.quickReplies} quick reply buttons` });
  if (count('URL') > templateLimits.urlButtons)
    issues.push({ path: 'buttons', message: `At most ${templateLimits.urlButtons} URL buttons` });
  if (count('PHONE_NUMBER') > templateLimits.phoneButtons)
    issues.push({ path: 'buttons', message: `At most ${templateLimits.phoneButtons} phone number button` });
  if (count('COPY_CODE') > templateLimits.copyCodeButtons)
    issues.push({ path: 'buttons', message: `At most ${templateLimits.copyCodeButtons} copy code button` });
  // Quick replies are grouped together (before or after the call-to-action buttons).
  const kinds = buttons.map((button) => (button.type === 'QUICK_REPLY' ? 'q' : 'a')).join('');
  if (/q+a+q+|a+q+a+/.test(kinds))
    issues.push({ path: 'buttons', message: 'Quick reply buttons must be grouped together' });
  checkButtons(issues, buttons, 'buttons', 'Button', format);

  if (carousel) {
    if (input.category !== 'MARKETING')
      issues.push({ path: 'category', message: 'A carousel template must be in the Marketing category' });
    if (header)
      issues.push({ path: 'header', message: 'A carousel template has no header: each card has its own media' });
    if (footer) issues.push({ path: 'footer', message: 'A carousel template has no footer' });
    if (buttons.length > 0)
      issues.push({ path: 'buttons', message: 'A carousel template has buttons on its cards only' });
    const cards = carousel.cards;
    if (cards.length < templateLimits.carouselCardsMin || cards.length > templateLimits.carouselCardsMax)
      issues.push({
        path: 'cards',
        message: `A carousel has ${templateLimits.carouselCardsMin} to ${templateLimits.carouselCardsMax} cards (it has ${cards.length})`,
      });
    const shapes = new Set<string>();
    cards.forEach((card, index) => {
      const label = `Card ${index + 1}`;
      const path = `cards.${index}`;
      const cardHeader = card.components.find((component) => component.type === 'HEADER');
      const cardBody = card.components.find((component) => component.type === 'BODY');
      const cardButtons = card.components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
      if (!cardHeader || (cardHeader.format !== 'IMAGE' && cardHeader.format !== 'VIDEO'))
        issues.push({ path: `${path}.header`, message: `${label}: the header must be an image or a video` });
      else if (!cardHeader.media?.url)
        issues.push({ path: `${path}.header`, message: `Media missing in card ${index + 1}` });
      if (cardBody) {
        tooLong(issues, `${path}.body`, `${label} body`, cardBody.text, templateLimits.cardBody);
        checkVariables(
          issues,
          `${path}.body`,
          `${label} body`,
          cardBody.text,
          format,
          examplesOf(cardBody, format, 'body'),
        );
      }
      if (cardButtons.length === 0)
        issues.push({ path: `${path}.buttons`, message: `${label}: add at least one button` });
      if (cardButtons.length > templateLimits.carouselButtons)
        issues.push({
          path: `${path}.buttons`,
          message: `${label} can have at most ${templateLimits.carouselButtons} buttons`,
        });
      checkButtons(issues, cardButtons, `${path}.buttons`, `${label} button`, format);
      shapes.add(
        JSON.stringify([cardHeader?.format ?? '', cardBody ? 'body' : '', cardButtons.map((button) => button.type)]),
      );
    });
    if (shapes.size > 1)
      issues.push({ path: 'cards', message: 'Every card must have the same parts: header type, body and buttons' });
    const cardBodies = cards.filter((card) => card.components.some((component) => component.type === 'BODY')).length;
    if (cardBodies !== 0 && cardBodies !== cards.length)
      issues.push({ path: 'cards', message: 'Give every card a body, or none' });
  }

  if (offer) {
    if (input.category !== 'MARKETING')
      issues.push({ path: 'category', message: 'A limited-time offer must be in the Marketing category' });
    if (footer) issues.push({ path: 'footer', message: 'A limited-time offer has no footer' });
    const value = offer.limited_time_offer.text;
    if (value.trim() === '') issues.push({ path: 'offer', message: 'Offer text: This Field is Mandatory' });
    tooLong(issues, 'offer', 'Offer text', value, templateLimits.offerText);
    if (count('COPY_CODE') !== 1 || count('URL') !== 1 || buttons.length !== 2)
      issues.push({ path: 'buttons', message: 'A limited-time offer has exactly 1 copy code button and 1 URL button' });
    if (header && header.format !== 'IMAGE' && header.format !== 'VIDEO')
      issues.push({ path: 'header', message: 'A limited-time offer header must be an image or a video' });
  }
  if (carousel && offer)
    issues.push({ path: 'offer', message: 'A template is either a carousel or a limited-time offer' });
  return issues;
}

/** The issues as field errors (path → first message), the shape of the error envelope. */
export function templateFieldErrors(issues: readonly TemplateIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}

/**
 * The values a message fills in, by variable: header and body variables by name, URL button
 * suffixes by button index, and per carousel card. Used by the preview, the test send and the
 * broadcast.
 */
export interface TemplateValues {
  header?: Record<string, string>;
  body?: Record<string, string>;
  /** URL button index → suffix; COPY_CODE button index → code. */
  buttons?: Record<string, string>;
  cards?: { body?: Record<string, string>; buttons?: Record<string, string>; media?: TemplateMedia }[];
  /** Media for the header when the message carries its own (broadcast attachment). */
  headerMedia?: TemplateMedia;
  /** Limited-time offer expiry (ms since epoch). */
  offerExpiresAt?: number;
}

/** The example values of a template: what the preview shows before anything is mapped. */
export function exampleValues(
  input: Pick<TemplateInput, 'components'> & { parameter_format?: string },
): TemplateValues {
  const named = input.parameter_format === 'NAMED';
  const values: TemplateValues = {};
  const fill = (textValue: string | undefined, examples: string[]) => {
    const result: Record<string, string> = {};
    const names = [...new Set(templateVariables(textValue ?? ''))];
    names.forEach((name, index) => {
      result[name] = named ? (examples[index] ?? '') : (examples[Number(name) - 1] ?? '');
    });
    return result;
  };
  const buttonValues = (buttons: readonly TemplateButton[]) => {
    const result: Record<string, string> = {};
    buttons.forEach((button, index) => {
      if (button.type === 'URL' && templateVariables(button.url).length > 0) {
        const example = button.example?.[0] ?? '';
        const prefix = button.url.replace(/\{\{[^{}]*\}\}$/, '');
        result[String(index)] = example.startsWith(prefix) ? example.slice(prefix.length) : example;
      }
      if (button.type === 'COPY_CODE') result[String(index)] = button.example;
    });
    return result;
  };
  for (const component of input.components) {
    if (component.type === 'HEADER' && component.format === 'TEXT')
      values.header = fill(component.text, examplesOf(component, named ? 'NAMED' : 'POSITIONAL', 'header'));
    if (component.type === 'BODY')
      values.body = fill(component.text, examplesOf(component, named ? 'NAMED' : 'POSITIONAL', 'body'));
    if (component.type === 'BUTTONS') values.buttons = buttonValues(component.buttons);
    if (component.type === 'CAROUSEL')
      values.cards = component.cards.map((card) => {
        const cardBody = card.components.find((part) => part.type === 'BODY');
        const cardButtons = card.components.find((part) => part.type === 'BUTTONS');
        return {
          body: cardBody ? fill(cardBody.text, examplesOf(cardBody, named ? 'NAMED' : 'POSITIONAL', 'body')) : {},
          buttons: cardButtons ? buttonValues(cardButtons.buttons) : {},
        };
      });
  }
  return values;
}

/** Replaces `{{name}}` with its value (kept as written when no value is given). */
export function fillVariables(value: string, values: Record<string, string> | undefined): string {
  return value.replace(variablePattern, (whole, name: string) => {
    const filled = values?.[name.trim()];
    return filled !== undefined && filled !== '' ? filled : whole;
  });
}

/**
 * One fillable variable of a template under the key the test send and the broadcast take:
 * 'header.1', 'body.1' (or 'body.first_name'), 'button0' (a URL suffix or an offer code; buttons
 * count from 0), 'card1.body.1' and 'card1.button0' (cards count from 1, as the editor shows them).
 */
export interface TemplateValueKey {
  key: string;
  part: 'header' | 'body' | 'button' | 'cardBody' | 'cardButton';
  /** The variable's name ('1', 'first_name') or the button's index ('0'). */
  name: string;
  /** 1-based card number for carousel variables. */
  card?: number;
  /** For buttons: a URL suffix or a COPY_CODE offer code. */
  buttonType?: 'URL' | 'COPY_CODE';
  /** A URL button's URL as the template has it (with its {{1}}). */
  url?: string;
  example: string;
}

/** Every variable of a template a message fills in, in the order the message shows them. */
export function templateValueKeys(
  input: Pick<TemplateInput, 'components'> & { parameter_format?: string },
): TemplateValueKey[] {
  const examples = exampleValues(input);
  const keys: TemplateValueKey[] = [];
  const buttonKeys = (
    buttons: readonly TemplateButton[],
    prefix: string,
    part: 'button' | 'cardButton',
    given: Record<string, string> | undefined,
    card?: number,
  ) => {
    buttons.forEach((button, index) => {
      const isUrl = button.type === 'URL' && templateVariables(button.url).length > 0;
      if (!isUrl && button.type !== 'COPY_CODE') return;
      keys.push({
        key: `${prefix}button${index}`,
        part,
        name: String(index),
        ...(card !== undefined ? { card } : {}),
        buttonType: button.type === 'URL' ? 'URL' : 'COPY_CODE',
        ...(button.type === 'URL' ? { url: button.url } : {}),
        example: given?.[String(index)] ?? '',
      });
    });
  };
  for (const component of input.components) {
    if (component.type === 'HEADER' && component.format === 'TEXT')
      for (const name of Object.keys(examples.header ?? {}))
        keys.push({ key: `header.${name}`, part: 'header', name, example: examples.header?.[name] ?? '' });
    if (component.type === 'BODY')
      for (const name of Object.keys(examples.body ?? {}))
        keys.push({ key: `body.${name}`, part: 'body', name, example: examples.body?.[name] ?? '' });
    if (component.type === 'BUTTONS') buttonKeys(component.buttons, '', 'button', examples.buttons);
    if (component.type === 'CAROUSEL')
      component.cards.forEach((card, index) => {
        const number = index + 1;
        const cardExamples = examples.cards?.[index];
        for (const part of card.components) {
          if (part.type === 'BODY')
            for (const name of Object.keys(cardExamples?.body ?? {}))
              keys.push({
                key: `card${number}.body.${name}`,
                part: 'cardBody',
                name,
                card: number,
                example: cardExamples?.body?.[name] ?? '',
              });
          if (part.type === 'BUTTONS')
            buttonKeys(part.buttons, `card${number}.`, 'cardButton', cardExamples?.buttons, number);
        }
      });
  }
  return keys;
}

/**
 * The TemplateValues of a message from values by key (see templateValueKeys). Keys the template
 * does not have are left out; a variable without a value is absent (the preview shows `{{1}}`).
 */
export function valuesFromKeys(
  input: Pick<TemplateInput, 'components'> & { parameter_format?: string },
  given: Readonly<Record<string, string>>,
): TemplateValues {
  const values: TemplateValues = {};
  const put = (target: Record<string, string>, name: string, key: string) => {
    const value = given[key];
    if (value !== undefined && value !== '') target[name] = value;
  };
  const cards = input.components.find((component) => component.type === 'CAROUSEL')?.cards;
  if (cards) values.cards = cards.map(() => ({ body: {}, buttons: {} }));
  for (const variable of templateValueKeys(input)) {
    switch (variable.part) {
      case 'header':
        put((values.header ??= {}), variable.name, variable.key);
        break;
      case 'body':
        put((values.body ??= {}), variable.name, variable.key);
        break;
      case 'button':
        put((values.buttons ??= {}), variable.name, variable.key);
        break;
      case 'cardBody':
      case 'cardButton': {
        const card = values.cards?.[(variable.card ?? 0) - 1];
        if (card)
          put(variable.part === 'cardBody' ? (card.body ??= {}) : (card.buttons ??= {}), variable.name, variable.key);
        break;
      }
    }
  }
  return values;
}
