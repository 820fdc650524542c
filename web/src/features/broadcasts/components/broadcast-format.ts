import { dateFormats } from '../../../lib/format-date';
import type { TemplateMedia, TemplateValues } from '@parley/contracts/templates';
import type { BroadcastDetail, VariableMapping } from '@parley/contracts/broadcasts';

/** Created On and Sent Date (engagement.md §2.9, §2.10, §9). */
export const DATE_PATTERN = dateFormats.default;
/** Date & Time of the Message Status history (engagement.md §2.18). */
export const HISTORY_DATE_PATTERN = dateFormats.statusHistory;

export const broadcastsPath = '/campaigns/broadcast';
export const broadcastCreatePath = '/campaigns/broadcast/create';
export const broadcastPath = (id: string) => `/campaigns/broadcast/${encodeURIComponent(id)}`;

/** 'SENDING' → 'Sending', 'NOT_STARTED' → 'Not Started' (the list shows statuses in title case, §2.9). */
export function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const mappingTypeLabels: Record<VariableMapping['type'], string> = {
  static: 'Constant value',
  column: 'Customer column',
  expression: 'Expression',
};

function mediaOf(media: { fileId: string; fileName: string; type: string; url: string } | undefined) {
  if (!media) return undefined;
  const preview: TemplateMedia = {
    fileId: media.fileId,
    url: media.url || `/api/files/${media.fileId}`,
    fileName: media.fileName,
    contentType: media.type === 'DOCUMENT' ? 'application/pdf' : '',
  };
  return preview;
}

/**
 * What the preview of a sent broadcast fills in: constants and expressions as they were given,
 * a column as [column] (its value differs per customer), and the attached media. Keys are the
 * mapping widget's: 'header.1', 'body.1' or 'body.first_name', 'button0', 'card1.body.1', 'card1.button0'.
 */
export function previewValues(detail: Pick<BroadcastDetail, 'columnMapping' | 'message'>): TemplateValues {
  const values: TemplateValues = {};
  const cards: NonNullable<TemplateValues['cards']> = [];
  const card = (number: number) => (cards[number - 1] ??= {});
  for (const mapping of detail.columnMapping) {
    const shown = mapping.type === 'column' ? `[${mapping.value}]` : mapping.value;
    if (!shown) continue;
    let match: RegExpExecArray | null;
    if ((match = /^header\.(.+)$/.exec(mapping.variable))) (values.header ??= {})[match[1]!] = shown;
    else if ((match = /^body\.(.+)$/.exec(mapping.variable))) (values.body ??= {})[match[1]!] = shown;
    else if ((match = /^buttons?\.?(\d+)$/.exec(mapping.variable))) (values.buttons ??= {})[match[1]!] = shown;
    else if ((match = /^card(\d+)\.body\.(.+)$/.exec(mapping.variable)))
      (card(Number(match[1])).body ??= {})[match[2]!] = shown;
    else if ((match = /^card(\d+)\.buttons?\.?(\d+)$/.exec(mapping.variable)))
      (card(Number(match[1])).buttons ??= {})[match[2]!] = shown;
  }
  const template = detail.message.template;
  const header = mediaOf(template.media);
  if (header) values.headerMedia = header;
  template.cards?.forEach((entry, index) => {
    const media = mediaOf(entry.media);
    if (media) card(index + 1).media = media;
  });
  if (cards.length > 0) values.cards = Array.from({ length: cards.length }, (_, index) => cards[index] ?? {});
  return values;
}
