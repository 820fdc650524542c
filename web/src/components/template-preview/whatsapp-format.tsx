import { Fragment, type ReactNode } from 'react';

/**
 * WhatsApp's text formatting (engagement.md §2.17): *bold*, _italic_, ~strike~ and ```monospace```,
 * rendered as React elements (never as HTML). The rules follow the app:
 * - a marker opens at the start of the text or after a space or punctuation, and is followed by
 *   a non-space; it closes before the end or a space or punctuation, and after a non-space;
 * - formatting does not span lines; markers nest (*bold _and italic_*);
 * - a marker without its partner stays as it was typed;
 * - inside ```monospace``` nothing is formatted.
 */

const MARKERS = {
  '*': 'strong',
  _: 'em',
  '~': 's',
} as const;
type Marker = keyof typeof MARKERS;

const isMarker = (char: string | undefined): char is Marker => char === '*' || char === '_' || char === '~';
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/** Where the marker opened at `start` closes, or -1. */
function findClose(text: string, start: number, marker: Marker): number {
  for (let index = start + 2; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') return -1;
    if (char !== marker) continue;
    if (isSpace(text[index - 1])) continue;
    if (isWordChar(text[index + 1])) continue;
    return index;
  }
  return -1;
}

function formatInline(text: string, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let plain = '';
  let index = 0;
  const flush = () => {
    if (plain) nodes.push(plain);
    plain = '';
  };
  while (index < text.length) {
    const char = text[index];
    const opens =
      isMarker(char) &&
      !isWordChar(text[index - 1]) &&
      text[index + 1] !== undefined &&
      !isSpace(text[index + 1]) &&
      text[index + 1] !== char;
    if (opens) {
      const close = findClose(text, index, char);
      if (close !== -1) {
        flush();
        const Tag = MARKERS[char];
        const key = `${keyPrefix}-${index}`;
        nodes.push(<Tag key={key}>{formatInline(text.slice(index + 1, close), key)}</Tag>);
        index = close + 1;
        continue;
      }
    }
    plain += char;
    index += 1;
  }
  flush();
  return nodes;
}

const FENCE = '```';

/** The text as React nodes with WhatsApp's formatting applied; line breaks are kept (render with pre-wrap). */
export function formatWhatsAppText(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let offset = 0;
  while (rest.length > 0) {
    const open = rest.indexOf(FENCE);
    const close = open === -1 ? -1 : rest.indexOf(FENCE, open + FENCE.length);
    if (open === -1 || close === -1 || close === open + FENCE.length) {
      nodes.push(...formatInline(rest, `t${offset}`));
      break;
    }
    if (open > 0) nodes.push(...formatInline(rest.slice(0, open), `t${offset}`));
    nodes.push(<code key={`c${offset + open}`}>{rest.slice(open + FENCE.length, close)}</code>);
    offset += close + FENCE.length;
    rest = rest.slice(close + FENCE.length);
  }
  return nodes;
}

/** `formatWhatsAppText` as one element. */
export function WhatsAppText({ text }: { text: string }) {
  return <Fragment>{formatWhatsAppText(text)}</Fragment>;
}
