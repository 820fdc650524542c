import { describe, expect, it } from 'vitest';
import { CsvParser, type CsvRow } from './csv-parser';

const MAX = 64 * 1024;

/** Parses `input` fed in chunks of `chunkSize` bytes (1 = every byte on its own). */
function parse(input: Buffer | string, chunkSize = 1 << 20, maxRowBytes = MAX): CsvRow[] {
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  const parser = new CsvParser({ maxRowBytes });
  const rows: CsvRow[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) rows.push(...parser.push(bytes.subarray(at, at + chunkSize)));
  rows.push(...parser.end());
  return rows;
}

const fields = (rows: CsvRow[]) => rows.map((row) => row.fields);

describe('CsvParser', () => {
  it('reads plain, quoted and doubled-quote fields with LF and CRLF, whatever the chunk size', () => {
    const text = 'name,phone,note\r\nAsha,+919876543210,"says ""hi"", twice"\nRavi,"98765 43211",\r\n';
    for (const chunk of [1, 2, 3, 7, 1000]) {
      const rows = parse(text, chunk);
      expect(fields(rows)).toEqual([
        ['name', 'phone', 'note'],
        ['Asha', '+919876543210', 'says "hi", twice'],
        ['Ravi', '98765 43211', ''],
      ]);
      expect(rows.map((row) => row.row)).toEqual([1, 2, 3]);
    }
  });

  it('keeps newlines inside quoted fields and counts the row once', () => {
    const rows = parse('a,b\n"line one\nline two",x\nlast,y');
    expect(fields(rows)).toEqual([
      ['a', 'b'],
      ['line one\nline two', 'x'],
      ['last', 'y'],
    ]);
    expect(rows[1]!.raw).toBe('"line one\nline two",x');
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3]);
  });

  it('skips a byte order mark and gives the byte offset after every row', () => {
    const text = '\uFEFFname,phone\r\nAsha,1\nRavi,2';
    const bytes = Buffer.from(text);
    for (const chunk of [1, 2, 5, 100]) {
      const rows = parse(bytes, chunk);
      expect(fields(rows)).toEqual([
        ['name', 'phone'],
        ['Asha', '1'],
        ['Ravi', '2'],
      ]);
      expect(rows.map((row) => row.end)).toEqual([bytes.indexOf('Asha'), bytes.indexOf('Ravi'), bytes.length]);
    }
  });

  it('resumes at a byte offset with the right row numbers', () => {
    const bytes = Buffer.from('name,phone\nAsha,1\n"Ra\nvi",2\nMeena,3\n');
    const all = parse(bytes);
    const parser = new CsvParser({ maxRowBytes: MAX, startOffset: all[1]!.end, startRow: 3 });
    const rest = [...parser.push(bytes.subarray(all[1]!.end)), ...parser.end()];
    expect(rest).toEqual(all.slice(2));
    expect(rest.map((row) => row.row)).toEqual([3, 4]);
  });

  it('marks blank lines and keeps trailing empty fields', () => {
    const rows = parse('a,b\n\nx,\n,\n');
    expect(rows.map((row) => row.blank)).toEqual([false, true, false, false]);
    expect(fields(rows).slice(2)).toEqual([
      ['x', ''],
      ['', ''],
    ]);
  });

  it('turns a row over the limit into an error row and goes on with the next one', () => {
    const long = `Asha,${'x'.repeat(300)}`;
    for (const chunk of [7, 64, 4096]) {
      const rows = parse(
        `name,note\n${long}\nRavi,ok\n"quoted ${'y'.repeat(300)}\nstill quoted",z\nMeena,fine`,
        chunk,
        100,
      );
      expect(rows.map((row) => row.problem)).toEqual([null, 'tooLong', null, 'tooLong', null]);
      expect(fields(rows)[2]).toEqual(['Ravi', 'ok']);
      expect(fields(rows)[4]).toEqual(['Meena', 'fine']);
      expect(rows[1]!.raw.startsWith('Asha,xxx')).toBe(true);
      expect(rows.map((row) => row.row)).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it('does not hold a 50 MB single line in memory', () => {
    const parser = new CsvParser({ maxRowBytes: MAX });
    const rows: CsvRow[] = [...parser.push(Buffer.from('name,phone\n'))];
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    for (let sent = 0; sent < 50 * 1024 * 1024; sent += chunk.length) {
      rows.push(...parser.push(chunk));
      peak = Math.max(peak, (parser as unknown as { buffer: Buffer }).buffer.length);
    }
    rows.push(...parser.push(Buffer.from('\nAsha,1\n')), ...parser.end());
    expect(peak).toBeLessThanOrEqual(2 * MAX);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
    expect(rows.map((row) => row.problem)).toEqual([null, 'tooLong', null]);
    expect(rows[1]!.end).toBe(11 + 50 * 1024 * 1024 + 1);
    expect(rows[2]!.fields).toEqual(['Asha', '1']);
  });

  it('reports a quote still open at the end of the file on its own line and reads the lines after it', () => {
    const text = 'name,phone\nAsha,1\nRavi,"2\nMeena,3\r\nLast,5';
    for (const chunk of [1, 3, 1000]) {
      const rows = parse(text, chunk);
      expect(rows.map((row) => [row.row, row.problem, row.column, row.raw])).toEqual([
        [1, null, undefined, 'name,phone'],
        [2, null, undefined, 'Asha,1'],
        [3, 'quoting', 2, 'Ravi,"2'],
        [4, null, undefined, 'Meena,3'],
        [5, null, undefined, 'Last,5'],
      ]);
      expect(fields(rows)[3]).toEqual(['Meena', '3']);
      expect(rows.map((row) => row.end)).toEqual(
        ['Asha', 'Ravi', 'Meena', 'Last'].map((start) => text.indexOf(start)).concat(text.length),
      );
    }
  });

  it('turns each kind of malformed quoting into an error row naming the column, and goes on', () => {
    const text = [
      'name,phone,note',
      '"a,"b,c"', // text after a closing quote (column 1); the quote in `c"` is not read as one
      'Asha,98"76,x', // a quote inside a field that does not start with one
      'Ravi,"1" ,x', // a space after the closing quote
      'Meena, "2",x', // a space before the opening quote
      '"Kiran""s",3,"say ""hi"""', // doubled quotes: fine
      'Last,4,y',
    ].join('\r\n');
    for (const chunk of [1, 2, 5, 1000]) {
      const rows = parse(text, chunk);
      expect(rows.map((row) => [row.problem, row.column])).toEqual([
        [null, undefined],
        ['textAfterQuote', 1],
        ['strayQuote', 2],
        ['textAfterQuote', 2],
        ['strayQuote', 2],
        [null, undefined],
        [null, undefined],
      ]);
      expect(rows[1]!.raw).toBe('"a,"b,c"');
      expect(fields(rows)[5]).toEqual(['Kiran"s', '3', 'say "hi"']);
      expect(fields(rows)[6]).toEqual(['Last', '4', 'y']);
      expect(rows.map((row) => row.row)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
  });

  it('reads CR-only (old Mac) line endings, and drops the CR of a last line', () => {
    const mac = 'name,phone\rAsha,1\r"Ra\rvi",2\r\rMeena,3\r';
    for (const chunk of [1, 2, 4, 1000]) {
      const rows = parse(mac, chunk);
      expect(fields(rows)).toEqual([['name', 'phone'], ['Asha', '1'], ['Ra\rvi', '2'], [], ['Meena', '3']]);
      expect(rows.map((row) => row.end)).toEqual([11, 18, 28, 29, 37]);
      expect(rows[3]!.blank).toBe(true);
    }
    expect(fields(parse('name,phone\nAsha,1\r'))).toEqual([
      ['name', 'phone'],
      ['Asha', '1'],
    ]);
    expect(fields(parse('name,phone\r\nAsha,"1"\r'))).toEqual([
      ['name', 'phone'],
      ['Asha', '1'],
    ]);
  });

  it('keeps a CRLF split across chunks as one line ending (the offset of the next row stays right)', () => {
    const parser = new CsvParser({ maxRowBytes: MAX });
    const rows = [
      ...parser.push(Buffer.from('name,phone\r')),
      ...parser.push(Buffer.from('\nAsha,"1"\r')),
      ...parser.push(Buffer.from('\nRavi,2')),
      ...parser.end(),
    ];
    expect(fields(rows)).toEqual([
      ['name', 'phone'],
      ['Asha', '1'],
      ['Ravi', '2'],
    ]);
    expect(rows.map((row) => row.end)).toEqual([12, 22, 28]);
  });

  it('reads quotes that span chunk boundaries: doubled quotes, closing quotes and malformed ones', () => {
    const text = 'a,b\n"x""y","p\nq"\n"z"w,1\nok,"2"\n';
    const whole = parse(text);
    expect(fields(whole)).toEqual([['a', 'b'], ['x"y', 'p\nq'], null, ['ok', '2']]);
    expect(whole[2]).toMatchObject({ problem: 'textAfterQuote', column: 1, raw: '"z"w,1' });
    const bytes = Buffer.from(text);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const parser = new CsvParser({ maxRowBytes: MAX });
      const rows = [...parser.push(bytes.subarray(0, cut)), ...parser.push(bytes.subarray(cut)), ...parser.end()];
      expect(rows, `cut at ${cut}`).toEqual(whole);
    }
  });

  it('reports bytes that are not UTF-8, and NUL characters, as error rows', () => {
    const bytes = Buffer.concat([
      Buffer.from('name,phone\nAsh'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(',1\nNul\u0000,2\nRavi,3\n'),
    ]);
    const rows = parse(bytes);
    expect(rows.map((row) => row.problem)).toEqual([null, 'encoding', 'encoding', null]);
    expect(rows[3]!.fields).toEqual(['Ravi', '3']);
  });

  it('decodes a character split across chunks', () => {
    const rows = parse('name\nRåvi Ñandú 😀\n', 1);
    expect(rows[1]!.fields).toEqual(['Råvi Ñandú 😀']);
  });
});
