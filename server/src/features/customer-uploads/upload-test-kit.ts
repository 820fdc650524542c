import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { CustomerUpload } from '@parley/contracts/customer-master';
import { as, json, type TestContext } from '../../../test/test-app';
import {
  customerFields,
  customers,
  customerSegmentMembers,
  customerSegments,
  customerUploadErrors,
  customerUploads,
} from '../../db/schema/customers';
import { createFileStore } from '../../platform/files';
import { createCustomerFieldsReader } from '../../platform/customer-fields';
import { customerPhone } from '../../platform/phone';
import { createCustomerUploadsRepository } from './customer-uploads.repository';
import { createImportJob, type ImportJobDeps } from './customer-uploads.jobs';

/** Test-only: building multipart bodies, seeding definitions and segments, running the import job. */

export function multipart(
  parts: { field: string; filename?: string; contentType?: string; content: Buffer | string }[],
) {
  const boundary = `----parley${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function sendCsv(context: TestContext, token: string, filename: string, content: Buffer | string) {
  const body = multipart([{ field: 'file', filename, contentType: 'text/csv', content }]);
  return context.app.inject({
    method: 'POST',
    url: '/api/customer-uploads/file',
    payload: body.payload,
    headers: { ...body.headers, ...as(token) },
  });
}

/** Three user fields: email (optional), tier (mandatory dropdown), tags (multi-select). */
export async function seedFields(context: TestContext, enterpriseId: string) {
  const rows = await context.database.db
    .insert(customerFields)
    .values([
      {
        enterpriseId,
        fieldName: 'email',
        fieldLabel: 'E Mail',
        fieldHelptext: 'Email address',
        mandatory: false,
        fieldType: 'text',
        inputType: 'email',
        position: 0,
      },
      {
        enterpriseId,
        fieldName: 'tier',
        fieldLabel: 'Tier',
        fieldHelptext: 'Loyalty tier',
        mandatory: true,
        fieldType: 'selectbox-singlevalue',
        defaultValues: ['Gold', 'Silver', 'Bronze'],
        position: 1,
      },
      {
        enterpriseId,
        fieldName: 'tags',
        fieldLabel: 'Tags',
        fieldHelptext: 'Interests',
        mandatory: false,
        fieldType: 'selectbox-multiplevalue',
        defaultValues: ['a', 'b', 'c'],
        position: 2,
      },
    ])
    .returning();
  return Object.fromEntries(rows.map((row) => [row.fieldName, row.id])) as Record<'email' | 'tier' | 'tags', string>;
}

export async function seedSegment(context: TestContext, enterpriseId: string, name = `Segment ${crypto.randomUUID()}`) {
  const [row] = await context.database.db.insert(customerSegments).values({ enterpriseId, name }).returning();
  return row!.id;
}

export const fullMapping = [
  { src: 'name', des: 'Name' },
  { src: 'phoneNumber', des: 'Phone Number' },
  { src: 'email', des: 'Email' },
  { src: 'tier', des: 'Tier' },
  { src: 'tags', des: 'Tags' },
];

export async function submit(
  context: TestContext,
  token: string,
  uploadId: string,
  body: { segmentId: string; replace?: boolean; headerMapping?: { src: string; des: string }[] },
) {
  return context.app.inject({
    method: 'POST',
    url: `/api/customer-uploads/${uploadId}/submit`,
    headers: as(token),
    payload: { replace: false, headerMapping: fullMapping, ...body },
  });
}

/** Sends a file and submits it; answers the upload id. */
export async function sendAndSubmit(
  context: TestContext,
  token: string,
  content: string | Buffer,
  body: { segmentId: string; replace?: boolean; headerMapping?: { src: string; des: string }[] },
  filename = 'customers.csv',
) {
  const sent = await sendCsv(context, token, filename, content);
  if (sent.statusCode !== 200) throw new Error(`upload failed: ${sent.body}`);
  const uploadId = json<{ data: { uploadId: string } }>(sent).data.uploadId;
  const submitted = await submit(context, token, uploadId, body);
  if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.body}`);
  return uploadId;
}

/** The import job as the app builds it, without pg-boss: the test runs it and sees it finish. */
export function importJob(context: TestContext, options: Partial<ImportJobDeps> = {}) {
  return createImportJob({
    repository: createCustomerUploadsRepository(context.database),
    files: createFileStore({ db: context.database.db, dataDir: context.config.dataDir }),
    bus: context.bus,
    fields: createCustomerFieldsReader(context.database.db),
    normalizePhone: customerPhone,
    defaultPhoneRegion: 'IN',
    ...options,
  });
}

export async function uploadRow(context: TestContext, uploadId: string) {
  const [row] = await context.database.db.select().from(customerUploads).where(eq(customerUploads.id, uploadId));
  return row!;
}

export async function errorRows(context: TestContext, uploadId: string) {
  return context.database.db
    .select()
    .from(customerUploadErrors)
    .where(eq(customerUploadErrors.uploadId, uploadId))
    .orderBy(asc(customerUploadErrors.line));
}

export async function customersOf(context: TestContext, enterpriseId: string) {
  return context.database.db
    .select({ name: customers.name, phone: customers.phoneNumber, data: customers.data })
    .from(customers)
    .where(eq(customers.enterpriseId, enterpriseId))
    .orderBy(asc(customers.phoneNumber));
}

export async function segmentState(context: TestContext, segmentId: string) {
  const [segment] = await context.database.db.select().from(customerSegments).where(eq(customerSegments.id, segmentId));
  const members = await context.database.db
    .select()
    .from(customerSegmentMembers)
    .where(and(eq(customerSegmentMembers.segmentId, segmentId)));
  return { memberCount: segment!.memberCount, members: members.length };
}

/** Good, bad and duplicate rows; the comments give each line's fate without Replace Existing Records. */
export const mixedCsv = [
  'Name,Phone Number,Email,Tier,Tags',
  'Asha Rao,+91 98765 43210,asha@example.com,Gold,a|b', // 2 taken
  'Ravi Kumar,9876543211,ravi@example,Gold,', // 3 bad email
  'X,+919876543212,,Gold,', // 4 name too short
  'Meena Iyer,+919876543210,,Silver,', // 5 same number as line 2
  'Old Customer,+919876543213,,Bronze,c', // 6 already a customer
  '"Quoted ""Q"" Name",+919876543214,,Bronze,a', // 7 taken
  '=1+1,12345,,Gold,', // 8 a formula-like name and a bad phone
  'Priya,+919876543215,,Platinum,d', // 9 two bad options
  '', // 10 blank: skipped, not counted
  'Short,+919876543216,,Gold', // 11 four columns
  'Zara Khan,+44 7911 123456,,Silver,b;c', // 12 taken
].join('\r\n');

export type { CustomerUpload };
