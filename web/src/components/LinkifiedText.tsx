import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { splitTextLinks } from '../lib/text-links';

function isSameOrigin(href: string): boolean {
  try {
    return new URL(href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Plain text with its http(s) addresses turned into links; whitespace and line breaks kept.
 * `formatText` renders the text between the links (a chat's WhatsApp formatting): links are split
 * out first, so a '_' inside an address is never read as formatting.
 */
export function LinkifiedText({ text, formatText }: { text: string; formatText?: (text: string) => ReactNode }) {
  return (
    <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.6 }}>
      {splitTextLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor
            key={index}
            href={part.href}
            {...(isSameOrigin(part.href) ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            {part.text}
          </Anchor>
        ) : (
          <span key={index}>{formatText ? formatText(part.text) : part.text}</span>
        ),
      )}
    </div>
  );
}
