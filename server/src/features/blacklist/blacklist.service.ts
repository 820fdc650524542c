import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import {
  broadcastMessages,
  isOptOut,
  type BlacklistEntry,
  type blacklistAddBody,
  type blacklistResult,
} from '@parley/contracts/broadcasts';
import { AppError } from '../../platform/errors';
import { readCsvRows, type CsvRow } from '../../platform/csv-parser';
import { phoneProblemMessage } from '../../platform/phone';
import type { Blocklist, BlockReason } from '../../platform/messaging/broadcast-ports';
import type { MessagingChannel } from '../../platform/messaging/channel-messaging';
import type { InboundMessage } from '../../platform/messaging/vendor-adapter';
import { LOOKUP_BATCH, type BlacklistRepository, type BlacklistSource } from './blacklist.repository';

type AddBody = z.output<typeof blacklistAddBody>;
type Result = z.infer<typeof blacklistResult>;
type Invalid = Result['invalid'][number];

/** Limits of the CSV import: the file size, numbers per insert, bad lines listed in the answer. */
export const importLimits = {
  maxBytes: 50 * 1024 * 1024,
  batchSize: 1000,
  maxRowBytes: 4096,
  /** The answer lists this many bad lines at most (a file of garbage must not make a huge answer). */
  maxReportedInvalid: 10_000,
} as const;

export const blacklistTexts = {
  unreadableLine: 'This line cannot be read as CSV text',
  noPhoneColumn: 'Invalid file format: put one number per line, or name a column phoneNumber, phone or mobile',
  notCsv: 'Invalid file format',
  optOutReason: (keyword: string, channel: string) => `Replied ${keyword} on ${channel}`,
} as const;

/** Header names of the number column ('Phone Number', 'phone_number' and 'PHONENUMBER' alike). */
const phoneHeaders = new Set(['phonenumber', 'phone', 'mobile', 'mobilenumber']);
const headerKey = (text: string) => text.toLowerCase().replace(/[\s_\-.]+/g, '');

/** Typed for the opt-in keyword: 'START' on its own removes an opt-out (not a manual entry). */
export function isOptIn(text: string): boolean {
  return (
    text
      .normalize('NFC')
      .trim()
      .replace(/[.!।\s]+$/u, '')
      .toUpperCase() === 'START'
  );
}

/** Control bytes other than tab, LF, CR and form feed do not occur in a text file. */
function looksBinary(bytes: Buffer): boolean {
  for (const byte of bytes)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return true;
  return false;
}

async function isText(head: Buffer): Promise<boolean> {
  if (looksBinary(head) || (await fileTypeFromBuffer(head))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The file's bytes, after its first 64 kB were found to be UTF-8 text (else 'Invalid file format').
 * Only those first bytes are held; the rest streams through.
 */
async function* checkedText(stream: Readable): AsyncGenerator<Buffer> {
  const SAMPLE = 64 * 1024;
  const head: Buffer[] = [];
  let size = 0;
  let checked = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (checked) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    size += chunk.length;
    if (size < SAMPLE) continue;
    const sample = Buffer.concat(head);
    if (!(await isText(sample.subarray(0, SAMPLE)))) throw new AppError('BLACKLIST_FILE_INVALID');
    checked = true;
    yield sample;
  }
  if (!checked) {
    const sample = Buffer.concat(head);
    if (sample.length === 0) throw new AppError('FILE_EMPTY');
    if (!(await isText(sample))) throw new AppError('BLACKLIST_FILE_INVALID');
    yield sample;
  }
}

export function createBlacklistService(deps: {
  repository: BlacklistRepository;
  normalizePhone: (input: string, region: string) => string | null;
  defaultPhoneRegion: string;
}) {
  const { repository } = deps;
  const normalize = (value: string) => deps.normalizePhone(value, deps.defaultPhoneRegion);
  const problem = (value: string) =>
    phoneProblemMessage(value, deps.defaultPhoneRegion, broadcastMessages.invalidNumber);

  /** Adds numbers a batch at a time: duplicates within the batch and numbers already listed count as `already`. */
  function collector(
    enterpriseId: string,
    entry: { reason: string; source: BlacklistSource; createdBy: string | null },
  ) {
    const result: Result = { added: 0, already: 0, invalid: [] };
    let batch = new Set<string>();
    const flush = async () => {
      if (batch.size === 0) return;
      const phones = [...batch];
      batch = new Set();
      const added = await repository.insertMany(enterpriseId, phones, entry);
      result.added += added;
      result.already += phones.length - added;
    };
    return {
      result,
      invalid(problem: Invalid) {
        if (result.invalid.length < importLimits.maxReportedInvalid) result.invalid.push(problem);
      },
      async valid(phone: string) {
        if (batch.has(phone)) result.already += 1;
        else batch.add(phone);
        if (batch.size >= importLimits.batchSize) await flush();
      },
      async done() {
        await flush();
        return result;
      },
    };
  }

  return {
    async list(
      enterpriseId: string,
      query: { from: number; perPage: number; search?: string; source?: string },
    ): Promise<{ blacklist: BlacklistEntry[]; more: boolean; total: number }> {
      const search = query.search?.replace(/[\s\-().+]/g, '') || undefined;
      const { rows, total } = await repository.list(enterpriseId, {
        search,
        source: query.source || undefined,
        from: query.from,
        perPage: query.perPage,
      });
      return {
        blacklist: rows.slice(0, query.perPage).map((row) => ({
          id: row.id,
          phoneNumber: row.phone,
          reason: row.reason,
          source: row.source,
          createdBy: row.createdBy,
          createdOn: row.createdAt.toISOString(),
        })),
        more: rows.length > query.perPage,
        total,
      };
    },

    /** Numbers typed on the page: each normalised to E.164; the lines that are not numbers are listed back. */
    async add(actor: { enterpriseId: string; userId: string | null }, body: AddBody): Promise<Result> {
      const collect = collector(actor.enterpriseId, {
        reason: body.reason,
        source: 'manual',
        createdBy: actor.userId,
      });
      for (const [index, value] of body.phoneNumbers.entries()) {
        const phone = normalize(value);
        if (phone) await collect.valid(phone);
        else
          collect.invalid({
            line: index + 1,
            value,
            message: value === '' ? broadcastMessages.mandatory : problem(value),
          });
      }
      return collect.done();
    },

    async remove(enterpriseId: string, id: string) {
      if (!(await repository.remove(enterpriseId, id))) throw new AppError('NOT_FOUND');
      return { id };
    },

    /**
     * A CSV file streamed a row at a time: one number per line, or a header row naming a
     * phoneNumber, phone or mobile column. Numbers are stored a batch at a time as they are read.
     */
    async importCsv(
      actor: { enterpriseId: string; userId: string | null },
      file: { fileName: string; stream: Readable; truncated(): boolean },
    ): Promise<Result> {
      if (!/\.csv$/i.test(file.fileName)) {
        file.stream.resume();
        throw new AppError('BLACKLIST_FILE_INVALID');
      }
      const collect = collector(actor.enterpriseId, {
        reason: `Imported from ${path.basename(file.fileName)}`.slice(0, 200),
        source: 'import',
        createdBy: actor.userId,
      });
      /** The column holding the numbers; null until the first row is read. */
      let column: number | null = null;
      const take = async (row: CsvRow) => {
        if (row.blank) return;
        if (!row.fields) {
          collect.invalid({ line: row.row, value: row.raw.slice(0, 200), message: blacklistTexts.unreadableLine });
          return;
        }
        if (column === null) {
          const header = row.fields.findIndex((cell) => phoneHeaders.has(headerKey(cell)));
          if (header >= 0) {
            column = header;
            return;
          }
          // A first row of words only is a header without a number column.
          if (!/\d/.test(row.raw))
            throw new AppError('BLACKLIST_FILE_INVALID', { message: blacklistTexts.noPhoneColumn });
          column = 0;
        }
        const value = (row.fields[column] ?? '').trim();
        const phone = normalize(value);
        if (phone) await collect.valid(phone);
        else
          collect.invalid({
            line: row.row,
            value: value.slice(0, 200),
            message: value === '' ? broadcastMessages.mandatory : problem(value),
          });
      };
      try {
        for await (const rows of readCsvRows(checkedText(file.stream), { maxRowBytes: importLimits.maxRowBytes }))
          for (const row of rows) await take(row);
      } catch (error) {
        file.stream.resume();
        throw error;
      }
      if (file.truncated()) throw new AppError('PAYLOAD_TOO_LARGE');
      if (column === null) throw new AppError('FILE_EMPTY');
      return collect.done();
    },

    /**
     * An inbound 'STOP' or 'रोकें' puts its sender on the list; 'START' takes an opt-out off again.
     * The list holds phone numbers: a sender WhatsApp names only by user id or username is skipped.
     */
    async handleInbound(channel: MessagingChannel, message: InboundMessage) {
      if (message.type !== 'text' && message.type !== 'button') return;
      if (!message.from.startsWith('+')) return;
      const enterpriseId = channel.adapter.enterpriseId;
      const text = message.text.trim();
      if (isOptOut(text)) {
        await repository.insertMany(enterpriseId, [message.from], {
          reason: blacklistTexts.optOutReason(text.replace(/[.!।\s]+$/u, '').toUpperCase(), channel.name).slice(0, 200),
          source: 'opt_out',
          createdBy: null,
        });
      } else if (isOptIn(text)) {
        await repository.removeOptOut(enterpriseId, message.from);
      }
    },

    /** The Blocklist port the broadcast reads at check and send time. */
    blocklist: {
      async blocked(enterpriseId, phones) {
        const found = new Map<string, BlockReason>();
        const unique = [...new Set(phones)];
        for (let at = 0; at < unique.length; at += LOOKUP_BATCH)
          for (const row of await repository.sourcesOf(enterpriseId, unique.slice(at, at + LOOKUP_BATCH)))
            found.set(row.phone, row.source === 'opt_out' ? 'opted_out' : 'blacklisted');
        return found;
      },
    } satisfies Blocklist,
  };
}

export type BlacklistService = ReturnType<typeof createBlacklistService>;
