import { tokenize } from './text';

interface Node<T> {
  next: Map<string, Node<T>>;
  payload?: T;
}

/**
 * Phrases by their normalised tokens, for longest-match lookups (entity synonyms, emotion cues):
 * case- and accent-insensitive, on word boundaries, the first payload added for a phrase wins.
 */
export class TokenTrie<T> {
  private readonly root: Node<T> = { next: new Map() };

  add(phrase: string, payload: T): void {
    const tokens = tokenize(phrase).map((token) => token.norm);
    if (tokens.length === 0) return;
    let node = this.root;
    for (const token of tokens) {
      let child = node.next.get(token);
      if (!child) {
        child = { next: new Map() };
        node.next.set(token, child);
      }
      node = child;
    }
    node.payload ??= payload;
  }

  /** The longest phrase starting at `norms[start]`: its payload and the index of its last token. */
  longestAt(norms: readonly string[], start: number): { payload: T; end: number } | null {
    let node: Node<T> | undefined = this.root;
    let found: { payload: T; end: number } | null = null;
    for (let index = start; index < norms.length; index += 1) {
      node = node.next.get(norms[index]!);
      if (!node) break;
      if (node.payload !== undefined) found = { payload: node.payload, end: index };
    }
    return found;
  }
}
