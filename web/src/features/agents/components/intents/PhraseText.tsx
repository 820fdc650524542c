import type { EntityRef } from '@parley/contracts/agent-stories';
import classes from './intents.module.css';

interface PhraseTextProps {
  text: string;
  refs: EntityRef[];
  /** Called with [start, end) when the user selects text inside the phrase with the mouse. */
  onSelectText?: (start: number, end: number) => void;
}

/** Offset of a DOM position inside `root`, in characters of its text. */
function textOffset(root: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(root);
  range.setEnd(node, offset);
  return range.toString().length;
}

const palette = ['blue', 'grape', 'teal', 'orange', 'pink', 'cyan', 'lime', 'violet'];

/** A stable colour per parameter name, so one parameter looks the same in every phrase. */
export function parameterColor(name: string): string {
  let hash = 0;
  for (const char of name.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

/** A training phrase with its tagged entities highlighted (title: the parameter name). */
export function PhraseText({ text, refs, onSelectText }: PhraseTextProps) {
  const parts: { text: string; ref?: EntityRef }[] = [];
  let position = 0;
  for (const ref of [...refs].sort((a, b) => a.entityStartPos - b.entityStartPos)) {
    if (ref.entityStartPos < position || ref.entityEndPos > text.length) continue;
    if (ref.entityStartPos > position) parts.push({ text: text.slice(position, ref.entityStartPos) });
    parts.push({ text: text.slice(ref.entityStartPos, ref.entityEndPos), ref });
    position = ref.entityEndPos;
  }
  if (position < text.length) parts.push({ text: text.slice(position) });

  const handleMouseUp = (event: React.MouseEvent<HTMLSpanElement>) => {
    if (!onSelectText) return;
    const root = event.currentTarget;
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return;
    let start = textOffset(root, range.startContainer, range.startOffset);
    let end = textOffset(root, range.endContainer, range.endOffset);
    while (start < end && /\s/.test(text[start]!)) start += 1;
    while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
    if (end > start) onSelectText(start, end);
  };

  return (
    <span className={classes.phraseText} onMouseUp={handleMouseUp} data-testid="phrase-text">
      {parts.map((part, index) =>
        part.ref ? (
          <span
            key={index}
            className={classes.entityTag}
            data-color={parameterColor(part.ref.parameter)}
            title={part.ref.parameter}
            data-parameter={part.ref.parameter}
          >
            {part.text}
          </span>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
