import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { inArray, and, eq } from 'drizzle-orm';
import {
  customerLimits,
  customerMessages,
  type CustomerField,
  type UploadDraft,
  type UploadPreview,
  type UploadSubmitBody,
  type uploadSubmitBody,
} from '@parley/contracts/customer-master';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema/customers';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import { AppError } from '../../platform/errors';
import { csvCell } from '../../platform/csv-cells';
import { CsvParser, readCsvRows } from './csv-parser';
import { saveCsvUpload } from './csv-file-store';
import type { CustomerFieldsReader as CustomerFieldsSource } from '../../platform/customer-fields';
import type { CustomerUploadsRepository } from './customer-uploads.repository';
import { IMPORT_JOB, type ImportJobData } from './customer-uploads.jobs';
import {
  buildPlan,
  checkRow,
  mappingProblems,
  phoneCell,
  type HeaderMappingRow,
  type NormalizePhone,
} from './row-checker';
import { toUpload } from './upload-view';

type SubmitInput = z.output<typeof uploadSubmitBody>;

/** 'Phone Number', 'phone_number' and 'PHONENUMBER' all read 'phonenumber'. */
const matchKey = (text: string) => text.toLowerCase().replace(/[\s_\-.]+/g, '');

/** Each system header matched to the first file header equal to its name or label (case, spaces, _ ignored). */
export function autoMapping(fields: readonly CustomerField[], headers: readonly string[]): HeaderMappingRow[] {
  return fields.map((field) => {
    const keys = new Set([matchKey(field.fieldName), matchKey(field.fieldLabel)]);
    return { src: field.fieldName, des: headers.find((header) => header !== '' && keys.has(matchKey(header))) ?? '' };
  });
}

/** An example value for Sample.csv. */
function exampleValue(field: CustomerField): string {
  if (field.fieldName === 'name') return 'Asha Rao';
  if (field.fieldName === 'phoneNumber') return '+919876543210';
  if (field.fieldType === 'selectbox-multiplevalue') return field.defaultValues.slice(0, 2).join('|');
  if (field.fieldType === 'selectbox-singlevalue') return field.defaultValues[0] ?? '';
  switch (field.inputType) {
    case 'number':
      return '42';
    case 'decimal':
      return '4.5';
    case 'email':
      return 'asha@example.com';
    default:
      return field.fieldLabel;
  }
}

export function createCustomerUploadsService(deps: {
  repository: CustomerUploadsRepository;
  database: Database;
  files: FileStore;
  jobs: Jobs;
  fields: CustomerFieldsSource;
  normalizePhone: NormalizePhone;
  defaultPhoneRegion: string;
  dataDir: string;
}) {
  const { repository, fields } = deps;

  async function load(enterpriseId: string, id: string) {
    const row = await repository.get(enterpriseId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async function checkMapping(enterpriseId: string, headers: string[], body: SubmitInput) {
    const list = await fields.listFields(enterpriseId);
    const problems = mappingProblems(list, headers, body.headerMapping);
    if (problems.length > 0)
      throw new AppError('CUSTOMER_UPLOAD_MAPPING', {
        message: problems[0],
        fieldErrors: { headerMapping: problems.join('\n') },
      });
    return list;
  }

  return {
    async sampleCsv(enterpriseId: string): Promise<string> {
      const list = await fields.listFields(enterpriseId);
      const header = list.map((field) => csvCell(field.fieldName)).join(',');
      const example = list.map((field) => csvCell(exampleValue(field))).join(',');
      return `${header}\r\n${example}\r\n`;
    },

    async upload(
      auth: { enterpriseId: string; userId: string | null },
      file: { fileName: string; stream: Readable; truncated(): boolean },
    ): Promise<UploadDraft> {
      const saved = await saveCsvUpload(
        { db: deps.database.db, dataDir: deps.dataDir },
        { enterpriseId: auth.enterpriseId, uploadedBy: auth.userId, ...file },
      );
      const list = await fields.listFields(auth.enterpriseId);
      const headerMapping = autoMapping(list, saved.headers);
      const uploadId = await repository.insertDraft({
        enterpriseId: auth.enterpriseId,
        createdBy: auth.userId,
        fileId: saved.fileId,
        fileName: path.basename(file.fileName).slice(0, 255),
        fileBytes: saved.size,
        headers: saved.headers,
        headerMapping,
      });
      return {
        uploadId,
        fileName: path.basename(file.fileName),
        parsedHeaders: { systemHeaders: list.map((field) => field.fieldName), userHeaders: saved.headers },
        headerMapping,
      };
    },

    /** Dry run: reads the first rows of the file and checks them as the import would; writes nothing. */
    async preview(enterpriseId: string, id: string, body: SubmitInput): Promise<UploadPreview> {
      const upload = await load(enterpriseId, id);
      if (!upload.fileId) throw new AppError('NOT_FOUND');
      const list = await checkMapping(enterpriseId, upload.headers, body);
      const plan = buildPlan(list, upload.headers, body.headerMapping);
      const { path: filePath } = await deps.files.open(enterpriseId, upload.fileId);
      const stream = fs.createReadStream(filePath, { highWaterMark: 64 * 1024 });
      const checked: { line: number; values: Record<string, string>; errors: string[]; phone: string }[] = [];
      const seen = new Map<string, number>();
      let partial = false;
      try {
        outer: for await (const rows of readCsvRows(stream, { maxRowBytes: customerLimits.rowMaxBytes })) {
          for (const row of rows) {
            if (row.row === 1 || row.blank) continue;
            if (checked.length >= customerLimits.previewCheckRows) {
              partial = true;
              break outer;
            }
            const result = checkRow(plan, row, deps.normalizePhone, deps.defaultPhoneRegion);
            if (result.errors.length === 0) {
              const first = seen.get(result.phone);
              if (first !== undefined) result.errors.push(customerMessages.duplicateInFile(first));
              else seen.set(result.phone, row.row);
            }
            const values: Record<string, string> = {};
            if (checked.length < customerLimits.previewRows) {
              values.name = result.name;
              // An invalid number shows as written, so the operator sees what to fix.
              values.phoneNumber =
                result.phone || (plan.phone >= 0 && row.fields ? phoneCell((row.fields[plan.phone] ?? '').trim()) : '');
              for (const field of list) {
                if (field.standard) continue;
                const value = result.data[field.id];
                if (value !== undefined) values[field.fieldName] = Array.isArray(value) ? value.join(', ') : value;
              }
            }
            checked.push({
              line: row.row,
              values,
              errors: result.errors,
              phone: result.errors.length === 0 ? result.phone : '',
            });
          }
        }
      } finally {
        stream.destroy();
      }
      if (!body.replace) {
        // Without Replace Existing Records a number that is already a customer is rejected.
        const phones = checked.filter((row) => row.phone !== '').map((row) => row.phone);
        const existing = new Set<string>();
        for (let at = 0; at < phones.length; at += 1000) {
          const rows = await deps.database.db
            .select({ phone: customers.phoneNumber })
            .from(customers)
            .where(
              and(
                eq(customers.enterpriseId, enterpriseId),
                inArray(customers.phoneNumber, phones.slice(at, at + 1000)),
              ),
            );
          for (const row of rows) existing.add(row.phone);
        }
        for (const row of checked) if (existing.has(row.phone)) row.errors.push(customerMessages.duplicateExisting);
      }
      const reasons = new Map<string, number>();
      for (const row of checked)
        for (const message of row.errors) reasons.set(message, (reasons.get(message) ?? 0) + 1);
      return {
        rows: checked
          .slice(0, customerLimits.previewRows)
          .map(({ line, values, errors }) => ({ line, values, errors })),
        checkedRows: checked.length,
        failingRows: checked.filter((row) => row.errors.length > 0).length,
        partial,
        reasons: [...reasons].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count),
      };
    },

    async submit(enterpriseId: string, id: string, body: SubmitInput) {
      const upload = await load(enterpriseId, id);
      if (upload.state !== 'DRAFT') throw new AppError('CUSTOMER_UPLOAD_NOT_DRAFT');
      await checkMapping(enterpriseId, upload.headers, body);
      if (!(await repository.segmentExists(enterpriseId, body.segmentId)))
        throw new AppError('NOT_FOUND', { fieldErrors: { segmentId: 'This segment does not exist' } });
      const data: ImportJobData = { enterpriseId, uploadId: id };
      const submitted = await repository.submit(
        enterpriseId,
        id,
        { segmentId: body.segmentId, replace: body.replace, headerMapping: body.headerMapping },
        (tx) => deps.jobs.send(IMPORT_JOB, data, { tx }),
      );
      if (!submitted) throw new AppError('CUSTOMER_UPLOAD_NOT_DRAFT');
      return toUpload(await load(enterpriseId, id));
    },

    async list(enterpriseId: string, query: Parameters<CustomerUploadsRepository['list']>[1]) {
      const { rows, hasMore } = await repository.list(enterpriseId, query);
      return { uploads: rows.map(toUpload), hasMore };
    },

    async get(enterpriseId: string, id: string) {
      return toUpload(await load(enterpriseId, id));
    },

    async errors(enterpriseId: string, id: string, query: { from: number; perPage: number }) {
      await load(enterpriseId, id);
      const { rows, total } = await repository.errors(id, query);
      return {
        errors: rows.map((row) => ({ line: row.line, lineStr: row.lineStr, errors: row.errors })),
        total,
        hasMore: query.from + rows.length < total,
      };
    },

    /**
     * The rejected rows as CSV: the file's header plus 'reason', then each rejected row's cells as
     * in the file (read again from its text) and its messages. Formula-like cells are neutralised.
     */
    async errorsCsv(enterpriseId: string, id: string) {
      const upload = await load(enterpriseId, id);
      const base = upload.fileName.replace(/\.csv$/i, '') || 'upload';
      async function* lines(): AsyncGenerator<string> {
        yield `${[...upload.headers, 'reason'].map((cell) => csvCell(cell)).join(',')}\r\n`;
        let after = 0;
        for (;;) {
          const rows = await repository.errorsAfter(id, after, 1000);
          if (rows.length === 0) return;
          let chunk = '';
          for (const row of rows) {
            const parser = new CsvParser({ maxRowBytes: Number.MAX_SAFE_INTEGER });
            const [parsed] = [...parser.push(Buffer.from(row.lineStr)), ...parser.end()];
            const cells = parsed?.fields ?? [row.lineStr];
            chunk += `${[...cells, row.errors.join('; ')].map((cell) => csvCell(cell)).join(',')}\r\n`;
          }
          yield chunk;
          after = rows.at(-1)!.line;
        }
      }
      return { fileName: `${base}-errors.csv`, lines };
    },
  };
}

export type CustomerUploadsService = ReturnType<typeof createCustomerUploadsService>;
export type { UploadSubmitBody };
