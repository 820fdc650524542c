import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { customerLimits, customerMessages } from '@parley/contracts/customer-master';
import type { Db } from '../../db/client';
import { files } from '../../db/schema/platform';
import { AppError } from '../../platform/errors';
import { CsvParser, type CsvRow } from './csv-parser';

const SAMPLE_BYTES = 64 * 1024;

/** Control bytes other than tab, LF, CR (and form feed) do not occur in text. */
function looksBinary(bytes: Buffer): boolean {
  for (const byte of bytes)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return true;
  return false;
}

/** Refuses what is not UTF-8 text: a binary file, another encoding, nothing at all. */
async function checkSample(head: Buffer): Promise<AppError | null> {
  if (head.length === 0) return new AppError('CUSTOMER_UPLOAD_UNREADABLE', { message: customerMessages.csvNoHeader });
  if (looksBinary(head) || (await fileTypeFromBuffer(head))) return new AppError('CUSTOMER_UPLOAD_NOT_CSV');
  try {
    // `stream: true`: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return new AppError('CUSTOMER_UPLOAD_UNREADABLE');
  }
  return null;
}

export interface SavedCsv {
  fileId: string;
  size: number;
  /** The header row's cells, trimmed. */
  headers: string[];
}

/**
 * Stores an uploaded CSV the way the FileStore does (`<dataDir>/files/<enterprise>/<uuid>` plus a
 * row in `files`, so FileStore.open reads it back) but streamed to disk: the FileStore's save takes
 * the whole file as one buffer, which a 500 MB import must not be. While the bytes pass, the first
 * 64 kB are kept to check what the file is and the first rows are parsed for the header.
 */
export async function saveCsvUpload(
  deps: { db: Db; dataDir: string },
  input: { enterpriseId: string; uploadedBy: string | null; fileName: string; stream: Readable; truncated(): boolean },
): Promise<SavedCsv> {
  if (!/\.csv$/i.test(input.fileName)) {
    input.stream.resume();
    throw new AppError('CUSTOMER_UPLOAD_NOT_CSV');
  }
  const storageKey = path.join(input.enterpriseId, crypto.randomUUID());
  const target = path.join(deps.dataDir, 'files', storageKey);
  await fsp.mkdir(path.dirname(target), { recursive: true });

  let size = 0;
  const sample: Buffer[] = [];
  let sampled = 0;
  const parser = new CsvParser({ maxRowBytes: customerLimits.rowMaxBytes });
  /** The header and the first data row (blank lines skipped), once found. */
  const firstRows: CsvRow[] = [];
  let found = false;
  const take = (rows: CsvRow[]) => {
    for (const row of rows) {
      if (found) return;
      if (!row.blank || row.row === 1) firstRows.push(row);
      found = firstRows.filter((first) => !first.blank).length >= 2;
    }
  };
  /** What the first 64 kB say the file is; once it is refused the rest is read but not written. */
  let verdict: Promise<AppError | null> | null = null;
  let refused: AppError | null = null;
  const judge = async () => (refused = await checkSample(Buffer.concat(sample)));
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (refused) return done();
      if (sampled < SAMPLE_BYTES) {
        sample.push(chunk.subarray(0, SAMPLE_BYTES - sampled));
        sampled += Math.min(chunk.length, SAMPLE_BYTES - sampled);
      }
      // Parsed in slices, and only until the first data row: the rest is only written.
      for (let at = 0; at < chunk.length && !found; at += SAMPLE_BYTES)
        take(parser.push(chunk.subarray(at, at + SAMPLE_BYTES)));
      if (sampled < SAMPLE_BYTES || verdict) return done(null, chunk);
      verdict = judge();
      verdict.then(() => done(null, refused ? undefined : chunk), done);
    },
    flush(done) {
      if (!found) take(parser.end());
      (verdict ?? judge()).then(() => done(), done);
    },
  });
  const out = fs.createWriteStream(target, { flags: 'wx' });
  try {
    await pipeline(input.stream, inspect, out);
    if (input.truncated()) throw new AppError('PAYLOAD_TOO_LARGE');
    if (refused) throw refused;
    const [header, ...rest] = firstRows;
    const headers = header?.fields?.map((cell) => cell.trim()) ?? [];
    if (!header || header.blank || headers.every((cell) => cell === ''))
      throw new AppError('CUSTOMER_UPLOAD_UNREADABLE', { message: customerMessages.csvNoHeader });
    if (rest.length === 0) throw new AppError('CUSTOMER_UPLOAD_NO_ROWS');
    const [row] = await deps.db
      .insert(files)
      .values({
        enterpriseId: input.enterpriseId,
        uploadedBy: input.uploadedBy,
        name: path.basename(input.fileName).slice(0, 255),
        contentType: 'text/csv',
        size,
        storageKey,
      })
      .returning({ id: files.id });
    return { fileId: row!.id, size, headers };
  } catch (error) {
    // A body that breaks at once fails the pipeline before the file is even open; the open still
    // completes (and creates the file) after that, so the file goes only once the stream is closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fsp.rm(target, { force: true }).catch(() => undefined);
    throw error;
  }
}
