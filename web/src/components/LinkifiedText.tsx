import { Anchor } from '@mantine/core';
import { splitTextLinks } from '../lib/text-links';

function isSameOrigin(href: string): boolean {
  try {
    return new URL(href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Plain text with its http(s) addresses turned into links; whitespace and line breaks kept. */
export function LinkifiedText({ text }: { text: string }) {
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
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}
