/** `%text%` for ILIKE, with `%`, `_` and `\` in the text matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
