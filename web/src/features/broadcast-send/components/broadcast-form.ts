import {
  broadcastMessages,
  mobileNumberError,
  splitMobileNumbers,
  type BroadcastRequest,
  type TemplateVariable,
  type VariableMapping,
} from '@parley/contracts/broadcasts';
import {
  templateVariables,
  type HeaderComponent,
  type Template,
  type TemplateComponent,
  type TemplateMedia,
  type TemplateValues,
} from '@parley/contracts/templates';

/**
 * The send screen's form (engagement.md §2.10, §2.14, §4, §5) as plain data: what the user chose,
 * the client rules of §5, the request it becomes and the values the live preview shows.
 */

export type MediaFormat = 'IMAGE' | 'VIDEO' | 'DOCUMENT';
export type MappingType = VariableMapping['type'];

/** An uploaded attachment, accepted by the media check. */
export interface Attachment {
  fileId: string;
  fileName: string;
  contentType: string;
  url: string;
}

export interface MappingDraft {
  type: MappingType;
  value: string;
}

export interface ChosenChannel {
  id: string;
  name: string;
  type: number;
}

export interface BroadcastDraft {
  channel: ChosenChannel | null;
  template: { id: string; name: string } | null;
  numbersText: string;
  /** The header attachment of a media template. */
  media: Attachment | undefined;
  /** One attachment per carousel card (index 0 is card 1). */
  cardMedia: (Attachment | undefined)[];
  mappings: Record<string, MappingDraft>;
}

export const emptyDraft: BroadcastDraft = {
  channel: null,
  template: null,
  numbersText: '',
  media: undefined,
  cardMedia: [],
  mappings: {},
};

/** DOCUMENT is shown as DOC (§4). */
export const mediaTypeLabel = (format: MediaFormat): string => (format === 'DOCUMENT' ? 'DOC' : format);

/** What the template needs attached: the header's media format, and one per carousel card. */
export interface MediaNeeds {
  header: MediaFormat | null;
  cards: MediaFormat[] | null;
}

const isMedia = (format: string | undefined): format is MediaFormat =>
  format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT';

export function mediaNeeds(components: readonly TemplateComponent[] | undefined): MediaNeeds {
  const header = components?.find((part): part is HeaderComponent => part.type === 'HEADER');
  const carousel = components?.find((part) => part.type === 'CAROUSEL');
  return {
    header: isMedia(header?.format) ? header.format : null,
    cards: carousel
      ? carousel.cards.map((card) => {
          const format = card.components.find((part) => part.type === 'HEADER')?.format;
          return isMedia(format) ? format : 'IMAGE';
        })
      : null,
  };
}

/** The file types a media format accepts here: a document must be a PDF (§5, §9). */
export const acceptedTypes: Record<MediaFormat, readonly string[]> = {
  IMAGE: ['image/jpeg', 'image/png'],
  VIDEO: ['video/mp4'],
  DOCUMENT: ['application/pdf'],
};

/** Keys of the form's errors: 'channelId', 'template', 'phoneNumber', 'media', 'card.N', 'mapping.<variable>', 'cards'. */
export type FormErrors = Record<string, string>;

/** The check of one variable's mapping (§5 "Variable mapping"). */
export function mappingError(variable: TemplateVariable, mapping: MappingDraft | undefined): string | null {
  const value = mapping?.value.trim() ?? '';
  const mustMap = variable.isRequired || variable.card !== undefined;
  if (value === '') return mustMap ? broadcastMessages.mandatory : null;
  if (mapping?.type === 'expression' && templateVariables(value).filter((name) => name !== '').length === 0)
    return broadcastMessages.urlVariableNotFound;
  return null;
}

/** The client rules of §5 for the whole form; an empty object means it can go to the pre-send check. */
export function validateDraft(
  draft: BroadcastDraft,
  components: readonly TemplateComponent[] | undefined,
  variables: readonly TemplateVariable[],
): FormErrors {
  const errors: FormErrors = {};
  if (!draft.channel) errors.channelId = broadcastMessages.mandatory;
  if (!draft.template) errors.template = broadcastMessages.mandatory;
  const numberError = mobileNumberError(splitMobileNumbers(draft.numbersText));
  if (numberError) errors.phoneNumber = numberError;
  const needs = mediaNeeds(components);
  if (needs.header && !draft.media) errors.media = broadcastMessages.attachmentMissing;
  needs.cards?.forEach((_, index) => {
    if (!draft.cardMedia[index]) errors[`card.${index + 1}`] = broadcastMessages.mediaMissingInCard(index + 1);
  });
  for (const variable of variables) {
    const problem = mappingError(variable, draft.mappings[variable.variable]);
    if (!problem) continue;
    errors[`mapping.${variable.variable}`] = problem;
    if (variable.card !== undefined) errors.cards = broadcastMessages.mappingMissing;
  }
  return errors;
}

const toMedia = (attachment: Attachment, type: MediaFormat) => ({
  fileId: attachment.fileId,
  fileName: attachment.fileName,
  type,
  url: attachment.url,
});

/** The broadcast request of §3 from a valid draft. */
export function buildRequest(
  draft: BroadcastDraft,
  template: Pick<Template, 'id' | 'templateId' | 'components'>,
  variables: readonly TemplateVariable[],
): BroadcastRequest {
  const needs = mediaNeeds(template.components);
  const columnMapping = variables
    .map((variable) => ({ variable: variable.variable, mapping: draft.mappings[variable.variable] }))
    .filter(
      (entry): entry is { variable: string; mapping: MappingDraft } =>
        entry.mapping !== undefined && entry.mapping.value.trim() !== '',
    )
    .map(({ variable, mapping }) => ({ variable, type: mapping.type, value: mapping.value.trim() }));
  return {
    channelId: draft.channel?.id ?? '',
    phoneNumber: splitMobileNumbers(draft.numbersText),
    message: {
      template: {
        templateId: template.templateId,
        templateUId: template.id,
        ...(needs.header && draft.media ? { media: toMedia(draft.media, needs.header) } : {}),
        ...(needs.cards
          ? {
              cards: needs.cards.map((format, index) => {
                const attachment = draft.cardMedia[index];
                return attachment ? { media: toMedia(attachment, format) } : {};
              }),
            }
          : {}),
      },
    },
    columnMapping,
  };
}

/** How a mapped value reads in the preview: the constant, or the column's name in brackets. */
function shownValue(mapping: MappingDraft | undefined, columnLabel: (column: string) => string): string {
  const value = mapping?.value.trim() ?? '';
  if (!mapping || value === '') return '';
  if (mapping.type === 'static') return value;
  if (mapping.type === 'column') return `[${columnLabel(value)}]`;
  return value.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_whole, name: string) => `[${columnLabel(name)}]`);
}

const asAttachment = (attachment: Attachment | undefined): TemplateMedia | undefined =>
  attachment
    ? {
        fileId: attachment.fileId,
        url: attachment.url,
        fileName: attachment.fileName,
        contentType: attachment.contentType,
      }
    : undefined;

/**
 * The values the live preview fills in: constants as typed, columns as [Column], the attachments;
 * anything not mapped yet falls back to the template's examples in the preview.
 */
export function previewValues(
  draft: BroadcastDraft,
  variables: readonly TemplateVariable[],
  columnLabel: (column: string) => string,
): TemplateValues {
  const values: TemplateValues = { header: {}, body: {}, buttons: {}, cards: [] };
  const card = (n: number) => {
    const cards = values.cards!;
    while (cards.length < n) cards.push({ body: {}, buttons: {} });
    return cards[n - 1]!;
  };
  for (const variable of variables) {
    const shown = shownValue(draft.mappings[variable.variable], columnLabel);
    if (shown === '') continue;
    const key = variable.variable;
    let match: RegExpExecArray | null;
    if ((match = /^card(\d+)\.body\.(.+)$/.exec(key))) card(Number(match[1])).body![match[2]!] = shown;
    else if ((match = /^card(\d+)\.buttons?\.?(\d+)$/.exec(key))) card(Number(match[1])).buttons![match[2]!] = shown;
    else if ((match = /^header\.(.+)$/.exec(key))) values.header![match[1]!] = shown;
    else if ((match = /^buttons?\.?(\d+)$/.exec(key))) values.buttons![match[1]!] = shown;
    else if ((match = /^body\.(.+)$/.exec(key))) values.body![match[1]!] = shown;
    else values.body![key] = shown;
  }
  const header = asAttachment(draft.media);
  if (header) values.headerMedia = header;
  draft.cardMedia.forEach((attachment, index) => {
    const media = asAttachment(attachment);
    if (media) card(index + 1).media = media;
  });
  if (values.cards!.length === 0) delete values.cards;
  return values;
}

/**
 * Places the server's field errors beside the fields of the form; what has no field here is
 * returned in `others` so that nothing is lost.
 */
export function placeServerErrors(
  fieldErrors: Record<string, string> | undefined,
  sent: BroadcastRequest | undefined,
  variables: readonly TemplateVariable[],
): { fields: FormErrors; others: string[] } {
  const fields: FormErrors = {};
  const others: string[] = [];
  const known = new Set(variables.map((variable) => variable.variable));
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    let match: RegExpExecArray | null;
    let target: string | undefined;
    if (key === 'channelId') target = 'channelId';
    else if (/^(message\.template\.)?(templateUId|templateId)$|^message(\.template)?$|^template$/.test(key))
      target = 'template';
    else if (/^phoneNumbers?(\.|$)/.test(key)) target = 'phoneNumber';
    else if (/^(message\.template\.)?media(\.|$)/.test(key)) target = 'media';
    else if ((match = /^(?:message\.template\.)?cards\.(\d+)/.exec(key))) target = `card.${Number(match[1]) + 1}`;
    else if ((match = /^columnMapping\.(\d+)(\.|$)/.exec(key))) {
      const variable = sent?.columnMapping?.[Number(match[1])]?.variable;
      if (variable) target = `mapping.${variable}`;
    } else if ((match = /^(?:columnMapping|mapping|values)\.(.+)$/.exec(key)) && known.has(match[1]!))
      target = `mapping.${match[1]}`;
    else if (known.has(key)) target = `mapping.${key}`;
    if (target && !(target in fields)) fields[target] = message;
    else others.push(message);
  }
  return { fields, others };
}

const digitsOf = (number: string) => number.replace(/[^\d]/g, '');

/** Adds numbers to the Mobile Numbers text, leaving out those already there (§2.10 picker "Yes"). */
export function appendNumbers(text: string, numbers: readonly string[]): { text: string; added: number } {
  const present = splitMobileNumbers(text);
  const seen = new Set(present.map(digitsOf));
  const added: string[] = [];
  for (const number of numbers) {
    const digits = digitsOf(number);
    if (digits === '' || seen.has(digits)) continue;
    seen.add(digits);
    added.push(number.trim());
  }
  return { text: [...present, ...added].join(', '), added: added.length };
}
