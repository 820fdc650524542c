import {
  templateVariables,
  type TemplateButton,
  type TemplateComponent,
  type TemplateMedia,
} from '@parley/contracts/templates';
import { VendorError, type SessionMessage, type TemplateMessage } from './vendor-adapter';
import { digitsOf, type Json } from './vendor-http';

/**
 * WhatsApp message payloads (reference/whatsapp.md §3). `resolveTemplate` pairs a stored template
 * with the values of one message (every variable filled, header media chosen) in a vendor-neutral
 * form the non-Meta adapters map to their own fields; `cloudTemplatePayload` and
 * `cloudSessionPayload` build the Cloud API body that Meta and Kaleyra v2 both take.
 */

export interface ResolvedParameter {
  /** The variable's name: '1', '2' (POSITIONAL) or 'first_name' (NAMED). */
  name: string;
  value: string;
}

export interface ResolvedMedia {
  format: 'IMAGE' | 'VIDEO' | 'DOCUMENT';
  /** An absolute http(s) URL the vendor fetches. */
  url: string;
  fileName: string;
}

export interface ResolvedButton {
  /** The button's position in the template (Meta's `index`). */
  index: number;
  type: 'URL' | 'COPY_CODE';
  /** The URL suffix or the offer code. */
  value: string;
}

export interface ResolvedTemplate {
  named: boolean;
  header?: { kind: 'text'; parameters: ResolvedParameter[] } | ({ kind: 'media' } & ResolvedMedia);
  body: ResolvedParameter[];
  buttons: ResolvedButton[];
  cards: {
    media?: ResolvedMedia;
    body: ResolvedParameter[];
    buttons: ResolvedButton[];
    /** Meta wants a payload for each quick reply of a carousel card: the given value, else the button text. */
    quickReplies: { index: number; payload: string }[];
  }[];
  offerExpiresAt?: number;
}

const missing = (part: string, name: string) =>
  new VendorError('permanent', 'missing_value', `${part} variable {{${name}}} has no value`);

/** Variables in the order the vendor expects them: {{1}}, {{2}}… by number, or named in order of appearance. */
function orderedNames(text: string, named: boolean): string[] {
  const names = [...new Set(templateVariables(text))];
  return named ? names : names.sort((a, b) => Number(a) - Number(b));
}

function parameters(part: string, text: string, named: boolean, values: Record<string, string> | undefined) {
  return orderedNames(text, named).map((name) => {
    const value = values?.[name];
    if (value === undefined || value.trim() === '') throw missing(part, name);
    return { name, value };
  });
}

function mediaOf(part: string, format: string, media: TemplateMedia | undefined): ResolvedMedia {
  if (format !== 'IMAGE' && format !== 'VIDEO' && format !== 'DOCUMENT')
    throw new VendorError('permanent', 'header_format', `${part}: a ${format} header cannot be sent`);
  const url = media?.url?.trim() ?? '';
  if (!url) throw new VendorError('permanent', 'missing_media', `${part}: the ${format.toLowerCase()} is missing`);
  if (!/^https?:\/\//i.test(url))
    throw new VendorError(
      'permanent',
      'media_url',
      `${part}: the ${format.toLowerCase()} is at ${url}, which the vendor cannot fetch; give an absolute https URL`,
    );
  const fileName = media?.fileName || decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'file';
  return { format, url, fileName };
}

function buttonValues(part: string, buttons: readonly TemplateButton[], values: Record<string, string> | undefined) {
  const resolved: ResolvedButton[] = [];
  buttons.forEach((button, index) => {
    if (button.type === 'URL' && templateVariables(button.url).length > 0) {
      const value = values?.[String(index)];
      if (value === undefined || value.trim() === '')
        throw new VendorError('permanent', 'missing_value', `${part} ${index + 1} (URL) has no value for its variable`);
      resolved.push({ index, type: 'URL', value });
    }
    if (button.type === 'COPY_CODE') {
      const value = values?.[String(index)] || button.example;
      if (!value) throw new VendorError('permanent', 'missing_value', `${part} ${index + 1} (offer code) has no code`);
      resolved.push({ index, type: 'COPY_CODE', value });
    }
  });
  return resolved;
}

/** Every variable of the template with its value; a missing value is a permanent error naming it. */
export function resolveTemplate(message: TemplateMessage): ResolvedTemplate {
  const named = message.template.parameterFormat === 'NAMED';
  const { values } = message;
  const resolved: ResolvedTemplate = { named, body: [], buttons: [], cards: [] };
  for (const component of message.template.components) {
    if (component.type === 'HEADER') {
      if (component.format === 'TEXT') {
        resolved.header = {
          kind: 'text',
          parameters: parameters('Header', component.text ?? '', named, values.header),
        };
      } else {
        resolved.header = {
          kind: 'media',
          ...mediaOf('Header', component.format, values.headerMedia ?? component.media),
        };
      }
    } else if (component.type === 'BODY') {
      resolved.body = parameters('Body', component.text, named, values.body);
    } else if (component.type === 'BUTTONS') {
      resolved.buttons = buttonValues('Button', component.buttons, values.buttons);
    } else if (component.type === 'CAROUSEL') {
      resolved.cards = component.cards.map((card, index) => {
        const label = `Card ${index + 1}`;
        const cardValues = values.cards?.[index];
        const result: ResolvedTemplate['cards'][number] = { body: [], buttons: [], quickReplies: [] };
        for (const part of card.components) {
          if (part.type === 'HEADER') result.media = mediaOf(label, part.format, cardValues?.media ?? part.media);
          if (part.type === 'BODY') result.body = parameters(`${label} body`, part.text, named, cardValues?.body);
          if (part.type === 'BUTTONS') {
            result.buttons = buttonValues(`${label} button`, part.buttons, cardValues?.buttons);
            part.buttons.forEach((button, buttonIndex) => {
              if (button.type === 'QUICK_REPLY')
                result.quickReplies.push({
                  index: buttonIndex,
                  payload: cardValues?.buttons?.[String(buttonIndex)] || button.text,
                });
            });
          }
        }
        return result;
      });
    } else if (component.type === 'LIMITED_TIME_OFFER') {
      if (values.offerExpiresAt !== undefined) resolved.offerExpiresAt = values.offerExpiresAt;
    }
  }
  return resolved;
}

const mediaKey = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' } as const;

/** `{type:'image', image:{link}}` and the like; documents carry their file name. */
export function cloudMediaParameter(media: ResolvedMedia): Json {
  const key = mediaKey[media.format];
  return { type: key, [key]: key === 'document' ? { link: media.url, filename: media.fileName } : { link: media.url } };
}

function textParameters(list: readonly ResolvedParameter[], named: boolean): Json[] {
  return list.map((item) =>
    named ? { type: 'text', parameter_name: item.name, text: item.value } : { type: 'text', text: item.value },
  );
}

function buttonComponents(buttons: readonly ResolvedButton[]): Json[] {
  return buttons.map((button) =>
    button.type === 'URL'
      ? {
          type: 'button',
          sub_type: 'url',
          index: String(button.index),
          parameters: [{ type: 'text', text: button.value }],
        }
      : {
          type: 'button',
          sub_type: 'copy_code',
          index: String(button.index),
          parameters: [{ type: 'coupon_code', coupon_code: button.value }],
        },
  );
}

/** The `template` object of a Cloud API message: name, language and the filled components. */
export function cloudTemplateObject(message: TemplateMessage): Json {
  const resolved = resolveTemplate(message);
  const components: Json[] = [];
  if (resolved.header?.kind === 'media') {
    components.push({ type: 'header', parameters: [cloudMediaParameter(resolved.header)] });
  } else if (resolved.header && resolved.header.parameters.length > 0) {
    components.push({ type: 'header', parameters: textParameters(resolved.header.parameters, resolved.named) });
  }
  if (resolved.offerExpiresAt !== undefined) {
    components.push({
      type: 'limited_time_offer',
      parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: resolved.offerExpiresAt } }],
    });
  }
  if (resolved.body.length > 0)
    components.push({ type: 'body', parameters: textParameters(resolved.body, resolved.named) });
  components.push(...buttonComponents(resolved.buttons));
  if (resolved.cards.length > 0) {
    components.push({
      type: 'carousel',
      cards: resolved.cards.map((card, index) => {
        const parts: Json[] = [];
        if (card.media) parts.push({ type: 'header', parameters: [cloudMediaParameter(card.media)] });
        if (card.body.length > 0) parts.push({ type: 'body', parameters: textParameters(card.body, resolved.named) });
        const replies = card.quickReplies.map((reply) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(reply.index),
          parameters: [{ type: 'payload', payload: reply.payload }],
        }));
        parts.push(
          ...[...buttonComponents(card.buttons), ...replies].sort((a, b) => Number(a.index) - Number(b.index)),
        );
        return { card_index: index, components: parts };
      }),
    });
  }
  return {
    name: message.template.name,
    language: { code: message.template.language },
    ...(components.length > 0 ? { components } : {}),
  };
}

/** A Cloud API template message to one recipient. */
export function cloudTemplatePayload(message: TemplateMessage): Json {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: digitsOf(message.to),
    type: 'template',
    template: cloudTemplateObject(message),
  };
}

/** A Cloud API text or media message inside the customer-service window. */
export function cloudSessionPayload(message: SessionMessage): Json {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: digitsOf(message.to) };
  if (message.kind === 'text') {
    if (message.text.trim() === '') throw new VendorError('permanent', 'empty_text', 'The message text is empty');
    return { ...base, type: 'text', text: { preview_url: false, body: message.text } };
  }
  if (message.kind === 'buttons') {
    if (message.text.trim() === '') throw new VendorError('permanent', 'empty_text', 'The message text is empty');
    if (message.buttons.length < 1 || message.buttons.length > 3)
      throw new VendorError('permanent', 'buttons', 'An interactive message takes one to three reply buttons');
    if (message.text.length > 1024)
      throw new VendorError('permanent', 'buttons', 'An interactive message body can have at most 1,024 characters');
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: message.text },
        action: {
          buttons: message.buttons.map((button) => ({
            type: 'reply',
            // WhatsApp refuses titles over 20 characters and ids over 256.
            reply: { id: button.id.slice(0, 256), title: [...button.title].slice(0, 20).join('') },
          })),
        },
      },
    };
  }
  if (!/^https?:\/\//i.test(message.url))
    throw new VendorError(
      'permanent',
      'media_url',
      `The ${message.mediaType} is at ${message.url}, which the vendor cannot fetch; give an absolute https URL`,
    );
  const media: Json = { link: message.url };
  if (message.mediaType !== 'audio' && message.caption) media.caption = message.caption;
  if (message.mediaType === 'document' && message.fileName) media.filename = message.fileName;
  return { ...base, type: message.mediaType, [message.mediaType]: media };
}

/**
 * Template components as Meta's template API takes them: our `media` sample objects are left out
 * (a media header carries `example.header_handle` from the resumable upload instead) and the
 * COPY_CODE button's fixed text is not sent.
 */
export function cloudSubmissionComponents(
  components: readonly TemplateComponent[],
  handles: ReadonlyMap<TemplateMedia, string>,
): Json[] {
  const header = (component: Extract<TemplateComponent, { type: 'HEADER' }>): Json => {
    const { media, ...rest } = component;
    if (component.format === 'TEXT' || !media) return rest;
    const handle = handles.get(media);
    return { ...rest, example: { header_handle: handle ? [handle] : [] } };
  };
  const buttons = (list: readonly TemplateButton[]): Json[] =>
    list.map((button) => {
      if (button.type !== 'COPY_CODE') return { ...button };
      return { type: 'COPY_CODE', example: button.example };
    });
  return components.map((component): Json => {
    switch (component.type) {
      case 'HEADER':
        return header(component);
      case 'BUTTONS':
        return { type: 'BUTTONS', buttons: buttons(component.buttons) };
      case 'CAROUSEL':
        return {
          type: 'CAROUSEL',
          cards: component.cards.map((card) => ({
            components: card.components.map((part) =>
              part.type === 'HEADER'
                ? header(part)
                : part.type === 'BUTTONS'
                  ? { type: 'BUTTONS', buttons: buttons(part.buttons) }
                  : { ...part },
            ),
          })),
        };
      default:
        return { ...component };
    }
  });
}

/** Every media sample a submission needs uploaded (the header and each card's header). */
export function submissionMedia(components: readonly TemplateComponent[]): TemplateMedia[] {
  const found: TemplateMedia[] = [];
  for (const component of components) {
    if (component.type === 'HEADER' && component.format !== 'TEXT' && component.media) found.push(component.media);
    if (component.type === 'CAROUSEL')
      for (const card of component.cards)
        for (const part of card.components)
          if (part.type === 'HEADER' && part.format !== 'TEXT' && part.media) found.push(part.media);
  }
  return found;
}
