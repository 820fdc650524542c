import {
  templateVariables,
  type ButtonType,
  type Template,
  type TemplateBody,
  type TemplateButton,
  type TemplateCard,
  type TemplateComponent,
  type TemplateMedia,
  type TemplateValues,
} from '@parley/contracts/templates';

/**
 * The editor's working copy of a template: one field per thing the form shows, turned into
 * Meta-shaped components (`toTemplateBody`) for the preview, the validator and the server.
 */
export type TemplateKind = 'STANDARD' | 'CAROUSEL' | 'LIMITED_TIME_OFFER';
export type ParameterFormat = 'POSITIONAL' | 'NAMED';
export type HeaderChoice = 'NONE' | 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';
export type Category = 'UTILITY' | 'AUTHENTICATION' | 'MARKETING';

/** Examples by variable name ('1', 'first_name'). */
export type Examples = Record<string, string>;

export interface DraftCard {
  media?: TemplateMedia;
  body: string;
  examples: Examples;
  buttons: TemplateButton[];
}

export interface TemplateDraft {
  channelId: string;
  name: string;
  language: string;
  category: Category | '';
  kind: TemplateKind;
  parameterFormat: ParameterFormat;
  header: { format: HeaderChoice; text: string; examples: Examples; media?: TemplateMedia };
  body: { text: string; examples: Examples };
  footer: string;
  buttons: TemplateButton[];
  offer: { text: string; hasExpiration: boolean };
  /** IMAGE or VIDEO: every card carries the same kind of media. */
  cardFormat: 'IMAGE' | 'VIDEO';
  cards: DraftCard[];
}

export const kindLabels: Record<TemplateKind, string> = {
  STANDARD: 'Standard',
  CAROUSEL: 'Carousel',
  LIMITED_TIME_OFFER: 'Limited-Time Offer',
};

/** A short list of WhatsApp template languages (Meta's codes). */
export const templateLanguages: { value: string; label: string }[] = [
  { value: 'en_US', label: 'English (US)' },
  { value: 'en_GB', label: 'English (UK)' },
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi' },
  { value: 'bn', label: 'Bengali' },
  { value: 'gu', label: 'Gujarati' },
  { value: 'kn', label: 'Kannada' },
  { value: 'ml', label: 'Malayalam' },
  { value: 'mr', label: 'Marathi' },
  { value: 'pa', label: 'Punjabi' },
  { value: 'ta', label: 'Tamil' },
  { value: 'te', label: 'Telugu' },
  { value: 'ur', label: 'Urdu' },
  { value: 'ar', label: 'Arabic' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
  { value: 'pt_BR', label: 'Portuguese (BR)' },
  { value: 'id', label: 'Indonesian' },
];

export const languageLabel = (code: string) =>
  templateLanguages.find((language) => language.value === code)?.label ?? code;

export function emptyButton(type: ButtonType): TemplateButton {
  if (type === 'QUICK_REPLY') return { type, text: '' };
  if (type === 'URL') return { type, text: '', url: '' };
  if (type === 'PHONE_NUMBER') return { type, text: '', phone_number: '' };
  return { type, example: '' };
}

export const emptyCard = (): DraftCard => ({ body: '', examples: {}, buttons: [] });

export function emptyDraft(channelId = ''): TemplateDraft {
  return {
    channelId,
    name: '',
    language: 'en_US',
    category: '',
    kind: 'STANDARD',
    parameterFormat: 'POSITIONAL',
    header: { format: 'NONE', text: '', examples: {} },
    body: { text: '', examples: {} },
    footer: '',
    buttons: [],
    offer: { text: '', hasExpiration: true },
    cardFormat: 'IMAGE',
    cards: [emptyCard(), emptyCard()],
  };
}

/** Distinct variable names of a text, in order of first appearance. */
export const variablesOf = (text: string) => [...new Set(templateVariables(text))];

/** The next variable to insert: {{n+1}} (positional) or {{variable_n}} (named). */
export function nextVariable(text: string, format: ParameterFormat): string {
  const names = variablesOf(text);
  if (format === 'POSITIONAL') {
    const highest = names.reduce((max, name) => (/^\d+$/.test(name) ? Math.max(max, Number(name)) : max), 0);
    return `{{${highest + 1}}}`;
  }
  let index = names.length + 1;
  while (names.includes(`variable_${index}`)) index += 1;
  return `{{variable_${index}}}`;
}

/** Meta's example block of a header or body text. */
function exampleBlock(text: string, examples: Examples, format: ParameterFormat, kind: 'header' | 'body') {
  const names = variablesOf(text);
  if (names.length === 0) return undefined;
  if (format === 'NAMED') {
    const params = names.map((name) => ({ param_name: name, example: examples[name] ?? '' }));
    return kind === 'header' ? { header_text_named_params: params } : { body_text_named_params: params };
  }
  const highest = names.reduce((max, name) => (/^\d+$/.test(name) ? Math.max(max, Number(name)) : max), 0);
  const list = Array.from({ length: highest }, (_, index) => examples[String(index + 1)] ?? '');
  return kind === 'header' ? { header_text: list } : { body_text: [list] };
}

function readExamples(
  text: string,
  example:
    | {
        header_text?: string[];
        body_text?: string[][];
        header_text_named_params?: { param_name: string; example: string }[];
        body_text_named_params?: { param_name: string; example: string }[];
      }
    | undefined,
  format: ParameterFormat,
  kind: 'header' | 'body',
): Examples {
  const result: Examples = {};
  if (!example) return result;
  if (format === 'NAMED') {
    for (const param of (kind === 'header' ? example.header_text_named_params : example.body_text_named_params) ?? [])
      result[param.param_name] = param.example;
    return result;
  }
  const list = kind === 'header' ? (example.header_text ?? []) : (example.body_text?.[0] ?? []);
  list.forEach((value, index) => (result[String(index + 1)] = value));
  for (const name of variablesOf(text)) result[name] ??= '';
  return result;
}

/** A URL button's example only matters when its URL ends with a variable. */
function cleanButton(button: TemplateButton): TemplateButton {
  if (button.type !== 'URL') return button;
  if (templateVariables(button.url).length > 0) return { ...button, example: [button.example?.[0] ?? ''] };
  const { example: _unused, ...rest } = button;
  return rest;
}

function cardComponents(card: DraftCard, format: 'IMAGE' | 'VIDEO', parameterFormat: ParameterFormat): TemplateCard {
  const components: TemplateCard['components'] = [
    { type: 'HEADER', format, ...(card.media ? { media: card.media } : {}) },
  ];
  if (card.body.trim() !== '') {
    const example = exampleBlock(card.body, card.examples, parameterFormat, 'body');
    components.push({ type: 'BODY', text: card.body, ...(example ? { example } : {}) });
  }
  components.push({ type: 'BUTTONS', buttons: card.buttons.map(cleanButton) });
  return { components };
}

/** The draft's parts in Meta's shape, in Meta's order. */
export function toComponents(draft: TemplateDraft): TemplateComponent[] {
  const format = draft.parameterFormat;
  const components: TemplateComponent[] = [];
  const bodyExample = exampleBlock(draft.body.text, draft.body.examples, format, 'body');
  const body: TemplateComponent = {
    type: 'BODY',
    text: draft.body.text,
    ...(bodyExample ? { example: bodyExample } : {}),
  };
  if (draft.kind === 'CAROUSEL') {
    components.push(body, {
      type: 'CAROUSEL',
      cards: draft.cards.map((card) => cardComponents(card, draft.cardFormat, format)),
    });
    return components;
  }
  const header = draft.header;
  if (header.format === 'TEXT') {
    const example = exampleBlock(header.text, header.examples, format, 'header');
    components.push({ type: 'HEADER', format: 'TEXT', text: header.text, ...(example ? { example } : {}) });
  } else if (header.format !== 'NONE') {
    components.push({ type: 'HEADER', format: header.format, ...(header.media ? { media: header.media } : {}) });
  }
  if (draft.kind === 'LIMITED_TIME_OFFER')
    components.push({
      type: 'LIMITED_TIME_OFFER',
      limited_time_offer: { text: draft.offer.text, has_expiration: draft.offer.hasExpiration },
    });
  components.push(body);
  if (draft.kind === 'STANDARD' && draft.footer.trim() !== '') components.push({ type: 'FOOTER', text: draft.footer });
  if (draft.buttons.length > 0) components.push({ type: 'BUTTONS', buttons: draft.buttons.map(cleanButton) });
  return components;
}

export function toTemplateBody(draft: TemplateDraft): TemplateBody {
  return {
    channelId: draft.channelId,
    name: draft.name.trim(),
    language: draft.language,
    category: (draft.category || undefined) as TemplateBody['category'],
    parameter_format: draft.parameterFormat,
    components: toComponents(draft),
  };
}

/** A stored template back into the editor's fields. */
export function draftFromTemplate(template: Template): TemplateDraft {
  const draft = emptyDraft(template.channelId);
  const format: ParameterFormat = template.parameter_format === 'NAMED' ? 'NAMED' : 'POSITIONAL';
  draft.name = template.name;
  draft.language = template.language;
  draft.category = (['UTILITY', 'AUTHENTICATION', 'MARKETING'] as const).includes(template.category as Category)
    ? (template.category as Category)
    : '';
  draft.parameterFormat = format;
  for (const component of template.components) {
    if (component.type === 'HEADER') {
      draft.header =
        component.format === 'TEXT'
          ? {
              format: 'TEXT',
              text: component.text ?? '',
              examples: readExamples(component.text ?? '', component.example, format, 'header'),
            }
          : {
              format: component.format,
              text: '',
              examples: {},
              ...(component.media ? { media: component.media } : {}),
            };
    }
    if (component.type === 'BODY')
      draft.body = { text: component.text, examples: readExamples(component.text, component.example, format, 'body') };
    if (component.type === 'FOOTER') draft.footer = component.text;
    if (component.type === 'BUTTONS') draft.buttons = component.buttons;
    if (component.type === 'LIMITED_TIME_OFFER') {
      draft.kind = 'LIMITED_TIME_OFFER';
      draft.offer = {
        text: component.limited_time_offer.text,
        hasExpiration: component.limited_time_offer.has_expiration,
      };
    }
    if (component.type === 'CAROUSEL') {
      draft.kind = 'CAROUSEL';
      const firstHeader = component.cards[0]?.components.find((part) => part.type === 'HEADER');
      draft.cardFormat = firstHeader?.format === 'VIDEO' ? 'VIDEO' : 'IMAGE';
      draft.cards = component.cards.map((card) => {
        const header = card.components.find((part) => part.type === 'HEADER');
        const body = card.components.find((part) => part.type === 'BODY');
        return {
          ...(header?.media ? { media: header.media } : {}),
          body: body?.text ?? '',
          examples: body ? readExamples(body.text, body.example, format, 'body') : {},
          buttons: card.components.find((part) => part.type === 'BUTTONS')?.buttons ?? [],
        };
      });
    }
  }
  return draft;
}

/**
 * Switching the type: carousel and limited-time offer are Marketing only; a limited-time offer
 * has exactly one copy-code and one URL button; a carousel starts with two cards.
 */
export function withKind(draft: TemplateDraft, kind: TemplateKind): TemplateDraft {
  if (kind === draft.kind) return draft;
  const next: TemplateDraft = { ...draft, kind };
  if (kind !== 'STANDARD') next.category = 'MARKETING';
  if (kind === 'LIMITED_TIME_OFFER') {
    const copy = draft.buttons.find((button) => button.type === 'COPY_CODE') ?? emptyButton('COPY_CODE');
    const url = draft.buttons.find((button) => button.type === 'URL') ?? emptyButton('URL');
    next.buttons = [copy, url];
    if (draft.header.format !== 'IMAGE' && draft.header.format !== 'VIDEO')
      next.header = { format: 'NONE', text: '', examples: {} };
  }
  if (kind === 'STANDARD' && draft.kind === 'LIMITED_TIME_OFFER')
    next.buttons = draft.buttons.filter((button) => button.type !== 'COPY_CODE' || button.example.trim() !== '');
  if (kind === 'CAROUSEL' && draft.cards.length < 2)
    next.cards = [...draft.cards, ...Array.from({ length: 2 - draft.cards.length }, emptyCard)];
  return next;
}

/** 'Add card' copies the first card's parts (every card must have the same parts). */
export function copyOfFirstCard(cards: readonly DraftCard[]): DraftCard {
  const first = cards[0];
  if (!first) return emptyCard();
  return {
    body: '',
    examples: {},
    buttons: first.buttons.map((button) =>
      button.type === 'URL' ? { ...button, example: button.example ? [''] : undefined } : { ...button },
    ),
  };
}

/** Which part of the form an issue belongs to ('buttons.1.examples' → 'buttons', 'cards.2.body' → 'cards.2'). */
export function partOf(path: string): string {
  const [first, second] = path.split('.');
  if (first === 'cards' && second !== undefined && /^\d+$/.test(second)) return `cards.${second}`;
  return first ?? path;
}

/** Variables a test send fills, keyed as the server reads them, with their examples. */
export interface SendVariable {
  key: string;
  label: string;
  example: string;
}

export function sendVariables(template: Pick<Template, 'components' | 'parameter_format'>): SendVariable[] {
  const draft = draftFromTemplate({
    ...(template as Template),
    channelId: '',
    name: '',
    language: 'en_US',
    category: '',
  });
  const list: SendVariable[] = [];
  if (draft.header.format === 'TEXT')
    for (const name of variablesOf(draft.header.text))
      list.push({ key: `header.${name}`, label: `Header {{${name}}}`, example: draft.header.examples[name] ?? '' });
  for (const name of variablesOf(draft.body.text))
    list.push({ key: `body.${name}`, label: `Body {{${name}}}`, example: draft.body.examples[name] ?? '' });
  const buttonVariables = (buttons: TemplateButton[], prefix: string, labelPrefix: string) =>
    buttons.forEach((button, index) => {
      if (button.type === 'URL' && templateVariables(button.url).length > 0) {
        const base = button.url.replace(/\{\{[^{}]*\}\}$/, '');
        const example = button.example?.[0] ?? '';
        list.push({
          key: `${prefix}button${index}`,
          label: `${labelPrefix}Button ${index + 1} URL ending (${base}…)`,
          example: example.startsWith(base) ? example.slice(base.length) : example,
        });
      }
      if (button.type === 'COPY_CODE')
        list.push({ key: `${prefix}button${index}`, label: `${labelPrefix}Offer code`, example: button.example });
    });
  if (draft.kind !== 'CAROUSEL') buttonVariables(draft.buttons, '', '');
  if (draft.kind === 'CAROUSEL')
    draft.cards.forEach((card, index) => {
      for (const name of variablesOf(card.body))
        list.push({
          key: `card${index + 1}.body.${name}`,
          label: `Card ${index + 1} body {{${name}}}`,
          example: card.examples[name] ?? '',
        });
      buttonVariables(card.buttons, `card${index + 1}.`, `Card ${index + 1} `);
    });
  return list;
}

/** Test-send values (keyed as in `sendVariables`) as the preview's values. */
export function previewValues(values: Record<string, string>): TemplateValues {
  const result: TemplateValues = {};
  const cards: NonNullable<typeof result.cards> = [];
  for (const [key, value] of Object.entries(values)) {
    let match = /^header\.(.+)$/.exec(key);
    if (match) (result.header ??= {})[match[1]!] = value;
    match = /^body\.(.+)$/.exec(key);
    if (match) (result.body ??= {})[match[1]!] = value;
    match = /^button(\d+)$/.exec(key);
    if (match) (result.buttons ??= {})[match[1]!] = value;
    match = /^card(\d+)\.(body\.(.+)|button(\d+))$/.exec(key);
    if (match) {
      const card = (cards[Number(match[1]) - 1] ??= {});
      if (match[3] !== undefined) (card.body ??= {})[match[3]] = value;
      if (match[4] !== undefined) (card.buttons ??= {})[match[4]] = value;
    }
  }
  if (cards.length > 0) result.cards = Array.from({ length: cards.length }, (_, index) => cards[index] ?? {});
  return result;
}
