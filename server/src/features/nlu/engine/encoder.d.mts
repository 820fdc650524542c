/** See encoder.mjs. */
export interface SentenceEncoder {
  tokenize(text: string): number[];
  /** Raw embeddings of the token lists, one row of 512 after another. */
  embed(encodings: number[][]): Promise<Float32Array>;
}
export function loadEncoder(): Promise<SentenceEncoder>;
