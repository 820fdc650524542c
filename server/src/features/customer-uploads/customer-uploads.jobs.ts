import fs from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { customerLimits, customerMessages, type CustomerUpload } from '@parley/contracts/customer-master';
import type { EventBus } from '../../platform/realtime/bus';
import type { FileStore } from '../../platform/files';
import { readCsvRows, type CsvRow } from './csv-parser';
import type { CustomerFieldsReader as CustomerFieldsSource } from '../../platform/customer-fields';
import {
  CheckpointMoved,
  type BatchInput,
  ImportFailed,
  type CustomerUploadsRepository,
  type StagedCustomer,
  type UploadErrorInsert,
  type UploadRow,
} from './customer-uploads.repository';
import { PhoneIndex } from './phone-index';
import { buildPlan, checkRow, phoneCell, type NormalizePhone, type RowPlan } from './row-checker';
import { toUpload } from './upload-view';

export const IMPORT_JOB = 'customerUploads.import';
export const UPLOAD_PROGRESS_EVENT = 'customerUpload.progress';
export interface ImportJobData {
  enterpriseId: string;
  uploadId: string;
}

/** Thrown by a test's afterBatch hook: passed through as a crash would be. */
class HookAbort extends Error {
  constructor(cause: unknown) {
    super('afterBatch', { cause });
  }
}

/** The app is closing: the import stops between batches and resumes at the next start. */
export class ImportInterrupted extends Error {}

export interface ImportJobDeps {
  repository: CustomerUploadsRepository;
  files: FileStore;
  bus: EventBus;
  fields: CustomerFieldsSource;
  normalizePhone: NormalizePhone;
  defaultPhoneRegion: string;
  batchSize?: number;
  /** Bytes read from the file at a time. */
  readChunkBytes?: number;
  log?: { error(object: unknown, message: string): void; warn?(object: unknown, message: string): void };
  /** Asked between batches: true stops the run (the app is closing). */
  stopping?: () => boolean;
  /** Tests: called after each committed batch (1-based); throwing there is a crash between batches. */
  afterBatch?: (batch: number, upload: CustomerUpload) => void | Promise<void>;
}

function publicMessage(error: unknown): string {
  return error instanceof ImportFailed
    ? error.message
    : 'The import stopped because of a server error. The rows counted so far are saved; upload the rest again.';
}

/** NUL cannot be stored in PostgreSQL text: the error list shows it as the replacement character. */
const storable = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text);

/**
 * The import of one upload (job 'customerUploads.import'). It streams the stored file through the
 * CSV parser and commits rows in batches; each batch's transaction also stores its error rows and
 * moves the checkpoint (committed_lines / committed_bytes, the counts). A run that starts on an
 * upload with a checkpoint reads on from committed_bytes, so after a crash every row is counted
 * and stored exactly once. Two runs of the same upload (a re-sent job beside one still running)
 * cannot both commit: the checkpoint update requires the offset the run started its batch from.
 *
 * Duplicates within the file: the numbers of the rows taken so far (valid rows, whether they
 * became new customers or met an existing one) are kept in a PhoneIndex. On resume it is rebuilt
 * by reading the committed part of the file again: a committed row is in customer_upload_errors
 * unless it was taken, so the index comes back the same as if the run had not stopped.
 */
export function createImportJob(deps: ImportJobDeps) {
  const { repository, bus } = deps;
  const batchSize = deps.batchSize ?? 5000;

  async function publish(row: UploadRow) {
    await bus
      .publish({ enterpriseId: row.enterpriseId, name: UPLOAD_PROGRESS_EVENT, payload: toUpload(row) })
      .catch((error: unknown) => deps.log?.error({ err: error }, 'customerUpload.progress event'));
  }

  function readFrom(filePath: string, start: number, end?: number) {
    return fs.createReadStream(filePath, {
      start,
      ...(end !== undefined ? { end: end - 1 } : {}),
      highWaterMark: deps.readChunkBytes ?? 256 * 1024,
    });
  }

  /** The numbers taken by the committed rows of an earlier run. */
  async function rebuildIndex(upload: UploadRow, filePath: string, plan: RowPlan, index: PhoneIndex) {
    const rejected = await repository.rejectedLines(upload.id, customerMessages.duplicateExisting);
    for await (const rows of readCsvRows(readFrom(filePath, 0, upload.committedBytes), {
      maxRowBytes: customerLimits.rowMaxBytes,
    })) {
      for (const row of rows) {
        if (row.row === 1 || row.blank || !row.fields) continue;
        const takenAsExisting = rejected.get(row.row);
        if (takenAsExisting === false) continue;
        const phone = deps.normalizePhone(phoneCell((row.fields[plan.phone] ?? '').trim()), deps.defaultPhoneRegion);
        if (phone) index.add(phone, row.row);
      }
    }
  }

  return async function handle(data: ImportJobData) {
    const { enterpriseId, uploadId } = data;
    const upload = await repository.get(enterpriseId, uploadId);
    if (!upload || upload.state !== 'WAITING') return;
    try {
      if (!upload.segmentId) throw new ImportFailed('The segment of this upload was deleted');
      if (!upload.fileId) throw new ImportFailed('The file of this upload was deleted');
      const { path: filePath } = await deps.files.open(enterpriseId, upload.fileId);
      const fields = await deps.fields.listFields(enterpriseId);
      const plan = buildPlan(fields, upload.headers, upload.headerMapping);
      const index = new PhoneIndex();
      if (upload.committedBytes > 0) await rebuildIndex(upload, filePath, plan, index);

      let fromBytes = upload.committedBytes;
      let lastEnd = fromBytes;
      let batchRows: CsvRow[] = [];
      let batchNumber = 0;

      /**
       * Checks a batch's rows (in slices, so the event loop keeps moving the previous batch's
       * statements along) and takes their numbers into the index. The next batch is checked while
       * the previous one commits: on PostgreSQL the two overlap.
       */
      const prepare = async (rows: CsvRow[], from: number, to: number): Promise<BatchInput> => {
        const staged: StagedCustomer[] = [];
        const errors: UploadErrorInsert[] = [];
        const lineText = new Map<number, string>();
        const inBatch = new Map<string, number>();
        let total = 0;
        for (let at = 0; at < rows.length; at += 1) {
          if (at % 500 === 499) await yieldToEventLoop();
          const row = rows[at]!;
          if (row.blank) continue;
          total += 1;
          const checked = checkRow(plan, row, deps.normalizePhone, deps.defaultPhoneRegion);
          if (checked.errors.length > 0) {
            errors.push({ line: row.row, lineStr: storable(row.raw), errors: checked.errors });
            continue;
          }
          const first = index.get(checked.phone) ?? inBatch.get(checked.phone);
          if (first !== undefined) {
            errors.push({
              line: row.row,
              lineStr: storable(row.raw),
              errors: [customerMessages.duplicateInFile(first)],
            });
            continue;
          }
          inBatch.set(checked.phone, row.row);
          lineText.set(row.row, storable(row.raw));
          staged.push({ line: row.row, name: checked.name, phone: checked.phone, data: checked.data });
        }
        // Taken now: if this batch does not commit, this run ends and the next one rebuilds the index.
        for (const [phone, line] of inBatch) index.add(phone, line);
        return {
          enterpriseId,
          uploadId,
          segmentId: upload.segmentId!,
          replace: upload.replace,
          staged,
          errors,
          lineText,
          duplicateExistingMessage: customerMessages.duplicateExisting,
          lines: rows.length,
          total,
          fromBytes: from,
          toBytes: to,
        };
      };

      const commit = async (input: BatchInput) => {
        await repository.commitBatch(input);
        batchNumber += 1;
        const current = await repository.get(enterpriseId, uploadId);
        if (current) {
          await publish(current);
          if (deps.afterBatch)
            try {
              await deps.afterBatch(batchNumber, toUpload(current));
            } catch (error) {
              throw new HookAbort(error);
            }
        }
        if (deps.stopping?.()) throw new ImportInterrupted('The server is stopping');
      };

      /** The commit running now (at most one: batches commit in file order). */
      let inFlight: Promise<void> | null = null;
      const flush = async () => {
        const rows = batchRows;
        const from = fromBytes;
        batchRows = [];
        fromBytes = lastEnd;
        const input = await prepare(rows, from, lastEnd);
        if (inFlight) await inFlight;
        inFlight = commit(input);
        // Its failure is seen where it is awaited (next batch or the end), not as an unhandled rejection.
        inFlight.catch(() => undefined);
      };

      const startRow = upload.committedBytes > 0 ? upload.committedLines + 2 : 1;
      for await (const rows of readCsvRows(readFrom(filePath, upload.committedBytes), {
        maxRowBytes: customerLimits.rowMaxBytes,
        startOffset: upload.committedBytes,
        startRow,
      })) {
        for (const row of rows) {
          if (row.row === 1) {
            // The header, read when the file was sent; the first batch's checkpoint covers it.
            lastEnd = row.end;
            continue;
          }
          batchRows.push(row);
          lastEnd = row.end;
          if (batchRows.length >= batchSize) await flush();
        }
      }
      if (batchRows.length > 0) await flush();
      if (inFlight) await inFlight;
      await repository.finish(enterpriseId, uploadId, { state: 'COMPLETED' });
    } catch (error) {
      if (error instanceof ImportInterrupted || error instanceof CheckpointMoved) return;
      // A test's simulated crash between batches: nothing is marked, as when the process dies.
      if (error instanceof HookAbort) throw error.cause;
      deps.log?.error({ err: error, uploadId }, 'customer import failed');
      await repository.finish(enterpriseId, uploadId, { state: 'ERROR', message: publicMessage(error) });
    }
    const done = await repository.get(enterpriseId, uploadId);
    if (done && done.state !== 'WAITING') await publish(done);
  };
}
