/**
 * A streaming RFC 4180 CSV parser that works on bytes, so it knows the byte offset after every row
 * (the import's checkpoint) and never holds more than one row in memory.
 *
 * - Fields separated by `,`, rows by LF or CRLF; quoted fields with `""` for a quote and embedded
 *   commas and newlines; a UTF-8 byte order mark at the start of the file is skipped.
 * - A row longer than `maxRowBytes` is not kept: the parser keeps only its first bytes (for the
 *   error list), skips to the row's end (following quotes, so an embedded newline does not end
 *   it) and hands it back as an error row. A 50 MB single line costs `maxRowBytes` of memory.
 * - A quote still open at the end of the file makes the rest of the file one error row.
 * - A field that is not valid UTF-8 (or holds a NUL character, which PostgreSQL text cannot
 *   store) makes its row an error row.
 * Rows are numbered from 1 (the header), like a spreadsheet's row numbers.
 */

export type CsvRowProblem = 'tooLong' | 'quoting' | 'encoding';

export interface CsvRow {
  /** 1-based row number in the file (the header is row 1). */
  row: number;
  /** The fields, or null for an error row. */
  fields: string[] | null;
  problem: CsvRowProblem | null;
  /** The row as in the file (without its line ending; only the first bytes of a too-long row). */
  raw: string;
  /** Byte offset just after the row (and its line ending) in the file. */
  end: number;
  /** An empty line (no characters at all). */
  blank: boolean;
}

export interface CsvParserOptions {
  maxRowBytes: number;
  /** Byte offset of the first byte given (a resume); a BOM is only looked for at offset 0. */
  startOffset?: number;
  /** Number of the first row given. */
  startRow?: number;
  /** How much of a too-long row is kept for the error list. */
  keepBytes?: number;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** States of the scanner inside a row. */
const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: either the closing quote or the first of `""`. */
  QuoteInQuoted,
  /** After the closing quote, before the separator. */
  AfterQuoted,
}

export class CsvParser {
  private readonly maxRowBytes: number;
  private readonly keepBytes: number;
  /** Unhandled bytes: the current row from `rowStart`, then what is not scanned yet. */
  private buffer: Buffer = Buffer.alloc(0);
  /** File offset of `buffer[0]`. */
  private offset: number;
  private rowStart = 0;
  private pos = 0;
  private state = State.FieldStart;
  /** Field boundaries of the current row: start, end, quoted (1/0) per field, indexes in `buffer`. */
  private bounds: number[] = [];
  private fieldStart = -1;
  private fieldQuoted = false;
  private row: number;
  private bomChecked: boolean;
  /** While skipping the rest of a too-long row: its first bytes, kept for the error list. */
  private skipping: Buffer | null = null;

  constructor(options: CsvParserOptions) {
    this.maxRowBytes = options.maxRowBytes;
    this.keepBytes = options.keepBytes ?? Math.min(options.maxRowBytes, 4096);
    this.offset = options.startOffset ?? 0;
    this.row = options.startRow ?? 1;
    this.bomChecked = this.offset !== 0;
  }

  /** Feeds the next bytes; answers the rows they complete. */
  push(chunk: Buffer): CsvRow[] {
    if (this.rowStart > 0) this.compact();
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    if (!this.bomChecked) {
      if (this.buffer.length < 3) return [];
      this.skipBom();
    }
    const rows: CsvRow[] = [];
    this.scan(rows);
    if (!this.skipping && this.buffer.length - this.rowStart > this.maxRowBytes) {
      this.skipping = Buffer.from(this.buffer.subarray(this.rowStart, this.rowStart + this.keepBytes));
    }
    if (this.skipping) {
      // Nothing of a too-long row is kept beyond its first bytes.
      this.offset += this.buffer.length;
      this.buffer = Buffer.alloc(0);
      this.rowStart = 0;
      this.pos = 0;
      this.bounds = [];
      this.fieldStart = -1;
    }
    return rows;
  }

  /** The end of the file: answers the last row when it has no line ending. */
  end(): CsvRow[] {
    if (!this.bomChecked) this.skipBom();
    const rows: CsvRow[] = [];
    this.scan(rows);
    const length = this.buffer.length;
    if (this.skipping) {
      rows.push(
        this.problemRow(this.state === State.Quoted ? 'quoting' : 'tooLong', this.skipping, this.offset + length),
      );
    } else if (length > this.rowStart) {
      if (this.state === State.Quoted) {
        rows.push(this.problemRow('quoting', this.buffer.subarray(this.rowStart), this.offset + length));
      } else {
        this.closeField(length);
        rows.push(this.finishRow(length, length));
      }
    }
    this.skipping = null;
    this.buffer = Buffer.alloc(0);
    this.offset += length;
    this.rowStart = 0;
    this.pos = 0;
    return rows;
  }

  private skipBom() {
    this.bomChecked = true;
    const b = this.buffer;
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
      this.buffer = b.subarray(3);
      this.offset += 3;
    }
  }

  /** Drops the bytes of rows already handed back. */
  private compact() {
    const start = this.rowStart;
    this.buffer = this.buffer.subarray(start);
    this.offset += start;
    this.pos -= start;
    this.rowStart = 0;
    for (let k = 0; k < this.bounds.length; k += 3) {
      this.bounds[k] = this.bounds[k]! - start;
      this.bounds[k + 1] = this.bounds[k + 1]! - start;
    }
    if (this.fieldStart >= 0) this.fieldStart -= start;
  }

  private scan(rows: CsvRow[]) {
    const buffer = this.buffer;
    const length = buffer.length;
    let i = this.pos;
    while (i < length) {
      switch (this.state) {
        case State.FieldStart:
          this.fieldStart = i;
          if (buffer[i] === QUOTE) {
            this.fieldQuoted = true;
            this.state = State.Quoted;
            i += 1;
          } else {
            this.fieldQuoted = false;
            this.state = State.Unquoted;
          }
          break;
        case State.Unquoted: {
          let j = i;
          while (j < length) {
            const byte = buffer[j];
            if (byte === COMMA || byte === LF) break;
            j += 1;
          }
          if (j === length) {
            i = j;
            break;
          }
          if (buffer[j] === COMMA) {
            this.closeField(j);
            this.state = State.FieldStart;
          } else {
            const fieldEnd = j > this.fieldStart && buffer[j - 1] === CR ? j - 1 : j;
            this.closeField(fieldEnd);
            rows.push(this.finishRow(fieldEnd, j + 1));
          }
          i = j + 1;
          break;
        }
        case State.Quoted: {
          const j = buffer.indexOf(QUOTE, i);
          if (j < 0) {
            i = length;
            break;
          }
          this.state = State.QuoteInQuoted;
          i = j + 1;
          break;
        }
        case State.QuoteInQuoted:
          if (buffer[i] === QUOTE) {
            this.state = State.Quoted;
            i += 1;
          } else {
            this.state = State.AfterQuoted;
          }
          break;
        case State.AfterQuoted: {
          const byte = buffer[i];
          if (byte === COMMA) {
            this.closeField(i);
            this.state = State.FieldStart;
          } else if (byte === LF) {
            const fieldEnd = buffer[i - 1] === CR ? i - 1 : i;
            this.closeField(fieldEnd);
            rows.push(this.finishRow(fieldEnd, i + 1));
          }
          // Other text after a closing quote (`"a"b`) stays part of the field, as spreadsheets read it.
          i += 1;
          break;
        }
      }
    }
    this.pos = i;
  }

  private closeField(end: number) {
    this.bounds.push(this.fieldStart < 0 ? end : this.fieldStart, end, this.fieldQuoted ? 1 : 0);
    this.fieldStart = -1;
    this.fieldQuoted = false;
  }

  /** The row from `rowStart` to `contentEnd` is complete; the next one starts at `next`. */
  private finishRow(contentEnd: number, next: number): CsvRow {
    const end = this.offset + next;
    let row: CsvRow;
    if (this.skipping) {
      row = this.problemRow('tooLong', this.skipping, end);
      this.skipping = null;
    } else if (contentEnd - this.rowStart > this.maxRowBytes) {
      row = this.problemRow('tooLong', this.buffer.subarray(this.rowStart, this.rowStart + this.keepBytes), end);
    } else if (contentEnd === this.rowStart) {
      row = { row: this.row, fields: [], problem: null, raw: '', end, blank: true };
    } else {
      row = this.decodeRow(contentEnd, end);
    }
    this.row += 1;
    this.rowStart = next;
    this.bounds = [];
    this.fieldStart = -1;
    this.fieldQuoted = false;
    this.state = State.FieldStart;
    return row;
  }

  private decodeRow(contentEnd: number, end: number): CsvRow {
    const raw = utf8Lenient.decode(this.buffer.subarray(this.rowStart, contentEnd));
    const fields: string[] = [];
    for (let k = 0; k < this.bounds.length; k += 3) {
      const quoted = this.bounds[k + 2] === 1;
      const bytes = this.buffer.subarray(quoted ? this.bounds[k]! + 1 : this.bounds[k]!, this.bounds[k + 1]);
      let text: string;
      try {
        if (bytes.includes(0)) throw new Error('NUL');
        text = utf8.decode(bytes);
      } catch {
        return { row: this.row, fields: null, problem: 'encoding', raw, end, blank: false };
      }
      fields.push(quoted ? unquote(text) : text);
    }
    return { row: this.row, fields, problem: null, raw, end, blank: false };
  }

  private problemRow(problem: CsvRowProblem, kept: Buffer, end: number): CsvRow {
    const raw = utf8Lenient.decode(kept).replace(/\r?\n$/, '');
    return { row: this.row, fields: null, problem, raw, end, blank: false };
  }
}

/** A quoted field's text after its opening quote: `""` is a quote, the closing quote goes. */
function unquote(text: string): string {
  if (!text.includes('"')) return text;
  return text.replace(/""|"/g, (match) => (match === '""' ? '"' : ''));
}

/** Reads CSV rows from a byte stream (a file read from `startOffset`), a batch of rows at a time. */
export async function* readCsvRows(
  source: AsyncIterable<Buffer | string>,
  options: CsvParserOptions,
): AsyncGenerator<CsvRow[]> {
  const parser = new CsvParser(options);
  for await (const chunk of source) {
    const rows = parser.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (rows.length > 0) yield rows;
  }
  const rows = parser.end();
  if (rows.length > 0) yield rows;
}
