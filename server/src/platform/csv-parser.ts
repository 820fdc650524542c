/**
 * A streaming RFC 4180 CSV parser that works on bytes, so it knows the byte offset after every row
 * (the import's checkpoint) and never holds more than one row in memory.
 *
 * - Fields separated by `,`, rows by LF, CRLF or a lone CR (old Mac files); quoted fields with `""`
 *   for a quote and embedded commas and newlines; a UTF-8 byte order mark at the start of the file
 *   is skipped.
 * - Malformed quoting makes its row an error row that names the column, and the next row is read
 *   as usual: a quote inside a field that does not start with one (`ab"c`, ` "a"`), text after a
 *   field's closing quote (`"a"b`, `"a" `; `"a,"b,c"` is both), and a quote still open at the end
 *   of the file (only the line where it opened is the error row; the lines after it are read again).
 * - A row longer than `maxRowBytes` is not kept: the parser keeps only its first bytes (for the
 *   error list), skips to the row's end (following quotes, so an embedded newline does not end
 *   it) and hands it back as an error row. A 50 MB single line costs `maxRowBytes` of memory.
 * - A field that is not valid UTF-8 (or holds a NUL character, which PostgreSQL text cannot
 *   store) makes its row an error row.
 * Rows are numbered from 1 (the header), like a spreadsheet's row numbers.
 */

export type CsvRowProblem = 'tooLong' | 'quoting' | 'strayQuote' | 'textAfterQuote' | 'encoding';

export interface CsvRow {
  /** 1-based row number in the file (the header is row 1). */
  row: number;
  /** The fields, or null for an error row. */
  fields: string[] | null;
  problem: CsvRowProblem | null;
  /** The 1-based column of a quoting problem (strayQuote, textAfterQuote, quoting). */
  column?: number;
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

/** What a byte means to an unquoted field: 0 for text, so the scan of a field is one table lookup a byte. */
const PLAIN = 0;
const byteKinds = new Uint8Array(256);
byteKinds[COMMA] = 1;
byteKinds[LF] = 2;
byteKinds[CR] = 2;
byteKinds[QUOTE] = 3;

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
  /** The first quoting problem of the current row and its column. */
  private problem: CsvRowProblem | null = null;
  private problemColumn = 0;
  /** The end of the file was given: a CR as the last byte ends its row (else it waits for a LF). */
  private ending = false;

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
      // Nothing of a too-long row is kept beyond its first bytes (and a CR waiting for its LF).
      this.offset += this.pos;
      this.buffer = this.pos === this.buffer.length ? Buffer.alloc(0) : this.buffer.subarray(this.pos);
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
    this.ending = true;
    const rows: CsvRow[] = [];
    this.scan(rows);
    let length = this.buffer.length;
    // A quote still open: the line where it opened is the error row, what follows is read again.
    while (!this.skipping && this.state === State.Quoted && length > this.rowStart) {
      const opened = this.fieldStart < 0 ? this.rowStart : this.fieldStart;
      const lineEnd = this.nextLineEnd(opened);
      const next =
        lineEnd < 0 ? length : lineEnd + (this.buffer[lineEnd] === CR && this.buffer[lineEnd + 1] === LF ? 2 : 1);
      this.problem = 'quoting';
      this.problemColumn = this.bounds.length / 3 + 1;
      rows.push(this.finishRow(lineEnd < 0 ? length : lineEnd, next));
      this.pos = next;
      this.scan(rows);
      length = this.buffer.length;
    }
    if (this.skipping) {
      rows.push(
        this.problemRow(this.state === State.Quoted ? 'quoting' : 'tooLong', this.skipping, this.offset + length),
      );
    } else if (length > this.rowStart) {
      this.closeField(length);
      rows.push(this.finishRow(length, length));
    }
    this.skipping = null;
    this.problem = null;
    this.ending = false;
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
    scan: while (i < length) {
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
          while (j < length && byteKinds[buffer[j]!] === PLAIN) j += 1;
          if (j === length) {
            i = j;
            break;
          }
          const byte = buffer[j];
          if (byte === COMMA) {
            this.closeField(j);
            this.state = State.FieldStart;
            i = j + 1;
          } else if (byte === QUOTE) {
            this.flag('strayQuote');
            i = j + 1;
          } else {
            const next = this.lineEndLength(j);
            if (next < 0) {
              i = j;
              break scan;
            }
            this.closeField(j);
            rows.push(this.finishRow(j, j + next));
            i = j + next;
          }
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
          const byte = buffer[i]!;
          if (byte === COMMA) {
            this.closeField(i);
            this.state = State.FieldStart;
          } else if (byte === LF || byte === CR) {
            const next = this.lineEndLength(i);
            if (next < 0) break scan;
            this.closeField(i);
            rows.push(this.finishRow(i, i + next));
            i += next;
            break;
          } else {
            // Text after the closing quote (`"a"b`): the row is refused, its end found as usual.
            this.flag('textAfterQuote');
          }
          i += 1;
          break;
        }
      }
    }
    this.pos = i;
  }

  /** The length of the line ending at `at` (LF, CR or CRLF), or -1 for a last CR whose LF may follow. */
  private lineEndLength(at: number): number {
    if (this.buffer[at] === LF) return 1;
    if (at + 1 < this.buffer.length) return this.buffer[at + 1] === LF ? 2 : 1;
    return this.ending ? 1 : -1;
  }

  /** The index of the first LF or CR from `from`, or -1. */
  private nextLineEnd(from: number): number {
    const lf = this.buffer.indexOf(LF, from);
    const cr = this.buffer.indexOf(CR, from);
    return lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
  }

  /** Notes the row's first quoting problem, in the field being read. */
  private flag(problem: CsvRowProblem) {
    if (this.problem) return;
    this.problem = problem;
    this.problemColumn = this.bounds.length / 3 + 1;
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
    } else if (this.problem) {
      row = this.problemRow(this.problem, this.buffer.subarray(this.rowStart, contentEnd), end);
      row.column = this.problemColumn;
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
    this.problem = null;
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
    const raw = utf8Lenient.decode(kept).replace(/\r?\n$|\r$/, '');
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
