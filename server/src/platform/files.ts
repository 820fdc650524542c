import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { and, eq, inArray } from 'drizzle-orm';
import { fileLimits } from '@parley/contracts/files';
import type { Db } from '../db/client';
import { files } from '../db/schema/platform';
import { AppError } from './errors';

export interface SaveFileInput {
  enterpriseId: string;
  uploadedBy: string | null;
  name: string;
  bytes: Buffer;
  maxBytes?: number;
  allowedTypes?: readonly string[];
}

/**
 * A client's file name as it may be stored and shown: no folder part, no NUL or other control
 * characters (PostgreSQL refuses NUL, terminals and headers misread the rest), unpaired UTF-16
 * surrogates replaced, at most 255 characters.
 */
export function cleanFileName(name: string): string {
  const cleaned = path
    .basename(name.replace(/\p{Cc}/gu, '').replace(/\p{Cs}/gu, '\uFFFD'))
    .trim()
    .slice(0, 255)
    .replace(/\p{Cs}$/u, '');
  return cleaned || 'file';
}

/** What the bytes are, never what the name claims. Text formats have no magic number: CSV is checked as text. */
export async function detectContentType(bytes: Buffer, name: string): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime === 'audio/x-m4a' || detected.mime === 'audio/mp4' ? 'audio/x-m4a' : detected.mime;
  if (/\.csv$/i.test(name) && isPlainText(bytes)) return 'text/csv';
  return null;
}

function isPlainText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD');
}

/** Files on local disk under `<dataDir>/files/<enterprise>/`, metadata in the files table. */
export function createFileStore(deps: { db: Db; dataDir: string }) {
  const root = path.join(deps.dataDir, 'files');
  return {
    async save(input: SaveFileInput) {
      const maxBytes = input.maxBytes ?? fileLimits.maxBytes;
      if (input.bytes.length === 0) throw new AppError('FILE_EMPTY');
      if (input.bytes.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
      const contentType = await detectContentType(input.bytes, input.name);
      const allowed = input.allowedTypes ?? fileLimits.allowedTypes;
      if (!contentType || !allowed.includes(contentType)) throw new AppError('UNSUPPORTED_MEDIA');
      const storageKey = path.join(input.enterpriseId, crypto.randomUUID());
      await fs.mkdir(path.join(root, input.enterpriseId), { recursive: true });
      const name = cleanFileName(input.name);
      await fs.writeFile(path.join(root, storageKey), input.bytes, { flag: 'wx' });
      try {
        const [row] = await deps.db
          .insert(files)
          .values({
            enterpriseId: input.enterpriseId,
            uploadedBy: input.uploadedBy,
            name,
            contentType,
            size: input.bytes.length,
            storageKey,
          })
          .returning();
        return row!;
      } catch (error) {
        // No row, no bytes: a failed save leaves no orphan file behind.
        await fs.rm(path.join(root, storageKey), { force: true }).catch(() => undefined);
        throw error;
      }
    },
    /** Deletes stored files, rows and bytes (bytes best effort: a missing one is already gone). */
    async remove(enterpriseId: string, ids: readonly string[]) {
      if (ids.length === 0) return;
      const rows = await deps.db
        .delete(files)
        .where(and(eq(files.enterpriseId, enterpriseId), inArray(files.id, [...ids])))
        .returning({ storageKey: files.storageKey });
      await Promise.all(
        rows.map((row) => fs.rm(path.join(root, row.storageKey), { force: true }).catch(() => undefined)),
      );
    },
    async open(enterpriseId: string, id: string) {
      const [row] = await deps.db
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.enterpriseId, enterpriseId)));
      if (!row) throw new AppError('NOT_FOUND');
      return { file: row, path: path.join(root, row.storageKey) };
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;
