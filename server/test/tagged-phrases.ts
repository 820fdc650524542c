import type { TaggedSpan } from '../src/features/nlu/engine/types';

/** "[Heat Wave](movie)" marks a span; the text loses the brackets. */
export function tagged(markup: string): { text: string; spans: TaggedSpan[] } {
  const spans: TaggedSpan[] = [];
  let text = '';
  let rest = markup;
  for (let match = /\[([^\]]+)\]\(([^)]+)\)/.exec(rest); match; match = /\[([^\]]+)\]\(([^)]+)\)/.exec(rest)) {
    text += rest.slice(0, match.index);
    spans.push({ label: match[2]!, start: text.length, end: text.length + match[1]!.length });
    text += match[1]!;
    rest = rest.slice(match.index + match[0].length);
  }
  return { text: text + rest, spans };
}

/**
 * Two intents told apart by the frame around a title: movie titles in watching frames, book titles
 * in reading frames. `unseenTitleMessage` puts a title made of book words in a watching frame, so
 * only a model that reads templates ranks it `watch_movie`.
 */
export function framedTitles(): { name: string; phrases: string[]; entities: TaggedSpan[][] }[] {
  const movies = ['Heat Wave', 'Red Sky', 'Fast Cars', 'Night Run'];
  const books = ['The Secret Garden', 'The Silent Library', 'Garden of Secrets', 'Library of Old Dreams'];
  const movieFrames = ["I'd like to watch [$](movie)", 'where can I see [$](movie)', 'is [$](movie) showing tonight'];
  const bookFrames = ['find the book [$](book)', 'I want to read [$](book)', 'show me the novel [$](book)'];
  const intent = (name: string, frames: string[], titles: string[]) => {
    const rows = frames.flatMap((frame) => titles.map((title) => tagged(frame.replace('$', title))));
    return { name, phrases: rows.map((row) => row.text), entities: rows.map((row) => row.spans) };
  };
  return [intent('watch_movie', movieFrames, movies), intent('find_book', bookFrames, books)];
}

export const unseenTitleMessage = "I'd like to watch The Secret Library Garden";
