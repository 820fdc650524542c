import { and, asc, desc, eq, gt, gte, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerSegments, customerUploadErrors, customerUploads } from '../../db/schema/customers';
import type { HeaderMappingRow } from './row-checker';

export type UploadRow = typeof customerUploads.$inferSelect & { segmentName: string | null };
export type UploadErrorInsert = { line: number; lineStr: string; errors: string[] };

/** A row an import stores: phone in E.164, data keyed by field id. */
export interface StagedCustomer {
  line: number;
  name: string;
  phone: string;
  data: Record<string, string | string[]>;
}

export interface BatchInput {
  enterpriseId: string;
  uploadId: string;
  segmentId: string;
  replace: boolean;
  staged: StagedCustomer[];
  /** Rows rejected before the database (parse, validation, duplicates within the file). */
  errors: UploadErrorInsert[];
  /** The raw text of staged rows, for the ones the database rejects as existing customers. */
  lineText: Map<number, string>;
  duplicateExistingMessage: string;
  /** Data rows the batch consumed (blank lines included), its total (blank lines not), and where it ends. */
  lines: number;
  total: number;
  fromBytes: number;
  toBytes: number;
}

/** A failure whose message is meant for the user (others get a general one; details go to the log). */
export class ImportFailed extends Error {}

/** Another run of the same import committed first: this run stops, the other carries on. */
export class CheckpointMoved extends Error {}

const STAGING = 'customer_upload_staging';
export const SEGMENT_GONE = 'The segment of this upload was deleted';

/** A value for `COPY … WITH (FORMAT csv)`: always quoted, so '' stays an empty string, not NULL. */
function copyCell(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

const uploadColumns = {
  id: customerUploads.id,
  enterpriseId: customerUploads.enterpriseId,
  segmentId: customerUploads.segmentId,
  fileId: customerUploads.fileId,
  fileName: customerUploads.fileName,
  fileBytes: customerUploads.fileBytes,
  headers: customerUploads.headers,
  headerMapping: customerUploads.headerMapping,
  replace: customerUploads.replace,
  state: customerUploads.state,
  totalLines: customerUploads.totalLines,
  acceptedLines: customerUploads.acceptedLines,
  errorLines: customerUploads.errorLines,
  committedLines: customerUploads.committedLines,
  committedBytes: customerUploads.committedBytes,
  errorMessage: customerUploads.errorMessage,
  createdBy: customerUploads.createdBy,
  createdAt: customerUploads.createdAt,
  submittedAt: customerUploads.submittedAt,
  completedAt: customerUploads.completedAt,
  segmentName: customerSegments.name,
};

/** Uploads storage; every call is scoped by the caller's enterprise. */
export function createCustomerUploadsRepository(database: Database) {
  const { db } = database;

  async function get(enterpriseId: string, id: string): Promise<UploadRow | undefined> {
    const [row] = await db
      .select(uploadColumns)
      .from(customerUploads)
      .leftJoin(customerSegments, eq(customerSegments.id, customerUploads.segmentId))
      .where(and(eq(customerUploads.id, id), eq(customerUploads.enterpriseId, enterpriseId)));
    return row;
  }

  return {
    get,

    async insertDraft(input: {
      enterpriseId: string;
      createdBy: string | null;
      fileId: string;
      fileName: string;
      fileBytes: number;
      headers: string[];
      headerMapping: HeaderMappingRow[];
    }): Promise<string> {
      const [row] = await db
        .insert(customerUploads)
        .values({ ...input, state: 'DRAFT' })
        .returning({ id: customerUploads.id });
      return row!.id;
    },

    async segmentExists(enterpriseId: string, segmentId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: customerSegments.id })
        .from(customerSegments)
        .where(and(eq(customerSegments.id, segmentId), eq(customerSegments.enterpriseId, enterpriseId)));
      return Boolean(row);
    },

    /** DRAFT → WAITING with its mapping; false when it is no longer a draft. The job is sent in the same transaction. */
    async submit(
      enterpriseId: string,
      id: string,
      input: { segmentId: string; replace: boolean; headerMapping: HeaderMappingRow[] },
      enqueue: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<unknown>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(customerUploads)
          .set({ ...input, state: 'WAITING', submittedAt: new Date() })
          .where(
            and(
              eq(customerUploads.id, id),
              eq(customerUploads.enterpriseId, enterpriseId),
              eq(customerUploads.state, 'DRAFT'),
            ),
          )
          .returning({ id: customerUploads.id });
        if (updated.length === 0) return false;
        await enqueue(tx);
        return true;
      });
    },

    async list(
      enterpriseId: string,
      query: { from: number; perPage: number; segmentId?: string; fromDate?: string; toDate?: string },
    ) {
      const rows = await db
        .select(uploadColumns)
        .from(customerUploads)
        .leftJoin(customerSegments, eq(customerSegments.id, customerUploads.segmentId))
        .where(
          and(
            eq(customerUploads.enterpriseId, enterpriseId),
            ne(customerUploads.state, 'DRAFT'),
            query.segmentId ? eq(customerUploads.segmentId, query.segmentId) : undefined,
            query.fromDate ? gte(customerUploads.createdAt, new Date(query.fromDate)) : undefined,
            query.toDate ? lte(customerUploads.createdAt, new Date(query.toDate)) : undefined,
          ),
        )
        .orderBy(desc(customerUploads.createdAt), desc(customerUploads.id))
        .offset(query.from)
        .limit(query.perPage + 1);
      return { rows: rows.slice(0, query.perPage), hasMore: rows.length > query.perPage };
    },

    async errors(uploadId: string, query: { from: number; perPage: number }) {
      const rows = await db
        .select()
        .from(customerUploadErrors)
        .where(eq(customerUploadErrors.uploadId, uploadId))
        .orderBy(asc(customerUploadErrors.line))
        .offset(query.from)
        .limit(query.perPage);
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(customerUploadErrors)
        .where(eq(customerUploadErrors.uploadId, uploadId));
      return { rows, total: Number(total) };
    },

    /** Error rows after `afterLine`, in order (keyset paging for the CSV download). */
    async errorsAfter(uploadId: string, afterLine: number, limit: number) {
      return db
        .select()
        .from(customerUploadErrors)
        .where(and(eq(customerUploadErrors.uploadId, uploadId), gt(customerUploadErrors.line, afterLine)))
        .orderBy(asc(customerUploadErrors.line))
        .limit(limit);
    },

    /** Every rejected line of an upload with whether the row itself was valid (a duplicate of an existing customer). */
    async rejectedLines(uploadId: string, duplicateExistingMessage: string) {
      const rows = await db
        .select({ line: customerUploadErrors.line, errors: customerUploadErrors.errors })
        .from(customerUploadErrors)
        .where(eq(customerUploadErrors.uploadId, uploadId));
      const rejected = new Map<number, boolean>();
      for (const row of rows)
        rejected.set(row.line, row.errors.length === 1 && row.errors[0] === duplicateExistingMessage);
      return rejected;
    },

    /** Submitted imports not finished: resumed when the server starts. */
    async waiting() {
      return db
        .select({ id: customerUploads.id, enterpriseId: customerUploads.enterpriseId })
        .from(customerUploads)
        .where(eq(customerUploads.state, 'WAITING'))
        .orderBy(asc(customerUploads.submittedAt));
    },

    async finish(
      enterpriseId: string,
      id: string,
      outcome: { state: 'COMPLETED' } | { state: 'ERROR'; message: string },
    ) {
      await db
        .update(customerUploads)
        .set({
          state: outcome.state,
          errorMessage: outcome.state === 'ERROR' ? outcome.message : null,
          completedAt: new Date(),
        })
        .where(
          and(
            eq(customerUploads.id, id),
            eq(customerUploads.enterpriseId, enterpriseId),
            eq(customerUploads.state, 'WAITING'),
          ),
        );
    },

    /**
     * One batch in one transaction: COPY the valid rows into a staging table, insert or update the
     * customers, add the new members to the segment (and its count), store the error rows and move
     * the checkpoint. Either all of it is committed or none of it.
     */
    async commitBatch(input: BatchInput): Promise<{ accepted: number; errors: number }> {
      try {
        return await runBatch(input);
      } catch (error) {
        // The segment was deleted while the import ran: its memberships cannot be written.
        if ((error as { code?: string }).code === '23503') throw new ImportFailed(SEGMENT_GONE, { cause: error });
        throw error;
      }
    },
  };

  function runBatch(input: BatchInput): Promise<{ accepted: number; errors: number }> {
    return database.bulk(async (session) => {
      let accepted = 0;
      const errors = [...input.errors];
      if (input.staged.length > 0) {
        await session.query(
          // Made once per connection and emptied at every commit: no table files created and
          // removed per batch (PGlite pays for each file on its virtual file system).
          `CREATE TEMP TABLE IF NOT EXISTS ${STAGING} (line int NOT NULL, name text NOT NULL, phone_number text NOT NULL, data jsonb NOT NULL) ON COMMIT DELETE ROWS`,
        );
        const csv = input.staged
          .map((row) =>
            [String(row.line), copyCell(row.name), copyCell(row.phone), copyCell(JSON.stringify(row.data))].join(','),
          )
          .join('\n');
        await session.copyFrom(
          `COPY ${STAGING} (line, name, phone_number, data) FROM STDIN WITH (FORMAT csv)`,
          `${csv}\n`,
        );
        const upsert = input.replace
          ? `ON CONFLICT (enterprise_id, phone_number) DO UPDATE
                 SET name = excluded.name, data = customers.data || excluded.data, updated_at = now()`
          : 'ON CONFLICT (enterprise_id, phone_number) DO NOTHING';
        const result = await session.query(
          `WITH stored AS (
               INSERT INTO customers (enterprise_id, name, phone_number, data)
               SELECT $1, name, phone_number, data FROM ${STAGING} ORDER BY line
               ${upsert}
               RETURNING id, phone_number
             ), joined AS (
               INSERT INTO customer_segment_members (segment_id, customer_id)
               SELECT $2, id FROM stored
               ON CONFLICT DO NOTHING
               RETURNING 1
             ), counted AS (
               UPDATE customer_segments SET member_count = member_count + (SELECT count(*) FROM joined)
               WHERE id = $2 AND enterprise_id = $1
               RETURNING id
             )
             SELECT (SELECT count(*) FROM stored)::int AS stored,
                    (SELECT count(*) FROM counted)::int AS segments,
                    coalesce((SELECT json_agg(s.line ORDER BY s.line) FROM ${STAGING} s
                              LEFT JOIN stored ON stored.phone_number = s.phone_number
                              WHERE stored.id IS NULL),
                             '[]'::json) AS rejected`,
          [input.enterpriseId, input.segmentId],
        );
        const answer = result.rows[0] as { stored: number; segments: number; rejected: number[] | string };
        if (Number(answer.segments) !== 1) throw new ImportFailed(SEGMENT_GONE);
        const rejected =
          typeof answer.rejected === 'string' ? (JSON.parse(answer.rejected) as number[]) : answer.rejected;
        accepted = Number(answer.stored);
        for (const line of rejected)
          errors.push({
            line,
            lineStr: input.lineText.get(line) ?? '',
            errors: [input.duplicateExistingMessage],
          });
      }
      if (errors.length > 0) {
        await session.query(
          `INSERT INTO customer_upload_errors (upload_id, line, line_str, errors)
             SELECT $1, (e->>'line')::int, e->>'lineStr', e->'errors' FROM jsonb_array_elements($2::jsonb) e
             ON CONFLICT (upload_id, line) DO NOTHING`,
          [input.uploadId, JSON.stringify(errors)],
        );
      }
      const moved = await session.query(
        `UPDATE customer_uploads
              SET committed_lines = committed_lines + $3, committed_bytes = $5,
                  total_lines = total_lines + $6, accepted_lines = accepted_lines + $7, error_lines = error_lines + $8
            WHERE id = $1 AND enterprise_id = $2 AND state = 'WAITING' AND committed_bytes = $4
            RETURNING id`,
        [
          input.uploadId,
          input.enterpriseId,
          input.lines,
          input.fromBytes,
          input.toBytes,
          input.total,
          accepted,
          errors.length,
        ],
      );
      if (moved.rows.length === 0)
        throw new CheckpointMoved('The checkpoint moved: another run of this import is ahead');
      return { accepted, errors: errors.length };
    });
  }
}

export type CustomerUploadsRepository = ReturnType<typeof createCustomerUploadsRepository>;
