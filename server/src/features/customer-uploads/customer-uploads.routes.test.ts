import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLimits, customerMessages } from '@parley/contracts/customer-master';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { customerFields, customers, customerUploads } from '../../db/schema/customers';
import { files } from '../../db/schema/platform';
import {
  errorRows,
  fullMapping,
  importJob,
  mixedCsv,
  multipart,
  seedFields,
  seedSegment,
  sendAndSubmit,
  sendCsv,
  submit,
} from './upload-test-kit';

let context: TestContext;
let admin: Tenant;
let other: Tenant;
let viewer: Tenant;
let chatOnly: Tenant;
let segmentId: string;
let otherSegmentId: string;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTenant(context, { roles: [1] });
  viewer = await createTenant(context, { roles: [2], enterpriseId: admin.enterpriseId });
  chatOnly = await createTenant(context, { roles: [3], enterpriseId: admin.enterpriseId });
  other = await createTenant(context, { roles: [1] });
  await seedFields(context, admin.enterpriseId);
  segmentId = await seedSegment(context, admin.enterpriseId, 'Leads');
  otherSegmentId = await seedSegment(context, other.enterpriseId, 'Theirs');
  await context.database.db
    .insert(customers)
    .values({ enterpriseId: admin.enterpriseId, name: 'Old Name', phoneNumber: '+919876543213' });
});
afterAll(async () => {
  await context?.close();
});

/** Files (rows and bytes on disk) and uploads of the admin's enterprise. */
async function stored() {
  const db = context.database.db;
  const dir = path.join(context.config.dataDir, 'files', admin.enterpriseId);
  return {
    files: (await db.select().from(files).where(eq(files.enterpriseId, admin.enterpriseId))).length,
    onDisk: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0,
    uploads: (await db.select().from(customerUploads).where(eq(customerUploads.enterpriseId, admin.enterpriseId)))
      .length,
  };
}

describe('POST /api/customer-uploads/file', () => {
  it('answers the headers at once with the mapping matched by name or label', async () => {
    const before = await stored();
    const response = await sendCsv(
      context,
      admin.token,
      'customers.csv',
      'phone_number, NAME ,e mail,Tier,Other\nAsha,+919876543210,,Gold,x\n',
    );
    expect(response.statusCode).toBe(200);
    const data = json<{ data: Record<string, unknown> }>(response).data;
    expect(data).toMatchObject({
      fileName: 'customers.csv',
      parsedHeaders: {
        systemHeaders: ['name', 'phoneNumber', 'email', 'tier', 'tags'],
        userHeaders: ['phone_number', 'NAME', 'e mail', 'Tier', 'Other'],
      },
      headerMapping: [
        { src: 'name', des: 'NAME' },
        { src: 'phoneNumber', des: 'phone_number' },
        { src: 'email', des: 'e mail' },
        { src: 'tier', des: 'Tier' },
        { src: 'tags', des: '' },
      ],
    });
    // Stored as a file of the enterprise and a DRAFT upload (not listed in My Uploads).
    expect(await stored()).toEqual({ files: before.files + 1, onDisk: before.onDisk + 1, uploads: before.uploads + 1 });
  });

  it('keeps a byte order mark out of the first header', async () => {
    const response = await sendCsv(
      context,
      admin.token,
      'bom.csv',
      '\uFEFFName,Phone Number\r\nAsha,+919876543210\r\n',
    );
    expect(
      json<{ data: { parsedHeaders: { userHeaders: string[] } } }>(response).data.parsedHeaders.userHeaders,
    ).toEqual(['Name', 'Phone Number']);
  });

  it.each([
    ['a name that is not .csv', 'people.txt', Buffer.from('Name,Phone\nA,1\n'), 5111, customerMessages.csvOnly],
    [
      'an image named .csv',
      'photo.csv',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
      5111,
      customerMessages.csvOnly,
    ],
    [
      'a large binary file (refused after its first 64 kB)',
      'blob.csv',
      crypto.randomBytes(600 * 1024),
      5111,
      customerMessages.csvOnly,
    ],
    ['bytes with NUL characters', 'nul.csv', Buffer.from('Name\u0000,Phone\nA,1\n'), 5111, customerMessages.csvOnly],
    [
      'Latin-1 text',
      'latin.csv',
      Buffer.from('Name,Phone\nJos\xe9,1\n', 'latin1'),
      5112,
      customerMessages.csvUnreadable,
    ],
    ['an empty file', 'empty.csv', Buffer.alloc(0), 5112, customerMessages.csvNoHeader],
    ['a blank first line', 'blank.csv', Buffer.from('\nName,Phone\nA,1\n'), 5112, customerMessages.csvNoHeader],
    ['a header without rows', 'header.csv', Buffer.from('Name,Phone\r\n\r\n'), 5113, customerMessages.csvNoRows],
  ])('refuses %s with a clear message and keeps nothing', async (_what, filename, content, code, message) => {
    const before = await stored();
    const response = await sendCsv(context, admin.token, filename, content);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ status: false, code, message });
    expect(await stored()).toEqual(before);
  });

  it('takes files beyond the 16 MB limit of other uploads, streamed to disk', async () => {
    const row = 'Asha Rao,+919876543210,asha@example.com,Gold,a|b\n';
    const content = 'Name,Phone Number,Email,Tier,Tags\n' + row.repeat(Math.ceil((20 * 1024 * 1024) / row.length));
    const response = await sendCsv(context, admin.token, 'big.csv', content);
    expect(response.statusCode).toBe(200);
    const id = json<{ data: { uploadId: string } }>(response).data.uploadId;
    const [upload] = await context.database.db.select().from(customerUploads).where(eq(customerUploads.id, id));
    expect(upload!.fileBytes).toBe(Buffer.byteLength(content));
  });

  it('asks for multipart', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/customer-uploads/file',
      headers: as(admin.token),
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('needs CUSTOMER.EDIT', async () => {
    expect((await sendCsv(context, viewer.token, 'c.csv', 'Name,Phone\nA,1\n')).statusCode).toBe(403);
    expect((await sendCsv(context, chatOnly.token, 'c.csv', 'Name,Phone\nA,1\n')).statusCode).toBe(403);
    const body = multipart([{ field: 'file', filename: 'c.csv', content: 'Name,Phone\nA,1\n' }]);
    const anonymous = await context.app.inject({
      method: 'POST',
      url: '/api/customer-uploads/file',
      payload: body.payload,
      headers: body.headers,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/customer-uploads/sample.csv', () => {
  it('is Sample.csv with the current fields as header and one example row', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/customer-uploads/sample.csv',
      headers: as(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('filename="Sample.csv"');
    const [header, example, end] = response.body.split('\r\n');
    expect(header).toBe('name,phoneNumber,email,tier,tags');
    expect(example).toBe('Asha Rao,+919876543210,asha@example.com,Gold,a|b');
    expect(end).toBe('');
  });

  it('neutralises attribute defaults and labels a spreadsheet would run as a formula', async () => {
    const tenant = await createTenant(context, { roles: [1] });
    const attack = "=cmd|' /C calc'!A0";
    await context.database.db.insert(customerFields).values([
      {
        enterpriseId: tenant.enterpriseId,
        fieldName: 'plan',
        fieldLabel: 'Plan',
        fieldHelptext: '',
        mandatory: false,
        fieldType: 'selectbox-singlevalue',
        defaultValues: [attack, 'Basic'],
        position: 0,
      },
      {
        enterpriseId: tenant.enterpriseId,
        fieldName: 'tags',
        fieldLabel: 'Tags',
        fieldHelptext: '',
        mandatory: false,
        fieldType: 'selectbox-multiplevalue',
        defaultValues: ['@SUM(A1)', 'b'],
        position: 1,
      },
      {
        enterpriseId: tenant.enterpriseId,
        fieldName: 'note',
        fieldLabel: '-2+3',
        fieldHelptext: '',
        mandatory: false,
        fieldType: 'text',
        inputType: 'alphanumeric',
        position: 2,
      },
    ]);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/customer-uploads/sample.csv',
      headers: as(tenant.token),
    });
    const [header, example] = response.body.split('\r\n');
    expect(header).toBe('name,phoneNumber,plan,tags,note');
    expect(example).toBe(`Asha Rao,+919876543210,'${attack},'@SUM(A1)|b,'-2+3`);
  });

  it('shows another enterprise only the standard fields', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/customer-uploads/sample.csv',
      headers: as(other.token),
    });
    expect(response.body.split('\r\n')[0]).toBe('name,phoneNumber');
  });
});

async function draft(token = admin.token, content = mixedCsv) {
  const response = await sendCsv(context, token, 'customers.csv', content);
  return json<{ data: { uploadId: string } }>(response).data.uploadId;
}

describe('POST /api/customer-uploads/:id/preview', () => {
  it('shows the first rows as they will be stored and counts what will fail, and why', async () => {
    const id = await draft();
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/customer-uploads/${id}/preview`,
      headers: as(admin.token),
      payload: { segmentId, replace: false, headerMapping: fullMapping },
    });
    expect(response.statusCode).toBe(200);
    const data = json<{
      data: { rows: { line: number; values: Record<string, string>; errors: string[] }[] } & Record<string, unknown>;
    }>(response).data;
    expect(data.checkedRows).toBe(10);
    expect(data.failingRows).toBe(7);
    expect(data.partial).toBe(false);
    expect(data.rows).toHaveLength(10);
    expect(data.rows[0]).toEqual({
      line: 2,
      values: { name: 'Asha Rao', phoneNumber: '+919876543210', email: 'asha@example.com', tier: 'Gold', tags: 'a, b' },
      errors: [],
    });
    expect(data.rows.find((row) => row.line === 12)!.values.phoneNumber).toBe('+447911123456');
    // An invalid number shows as written.
    expect(data.rows.find((row) => row.line === 8)!.values.phoneNumber).toBe('12345');
    expect(data.rows.find((row) => row.line === 5)!.errors).toEqual([customerMessages.duplicateInFile(2)]);
    expect(data.rows.find((row) => row.line === 6)!.errors).toEqual([customerMessages.duplicateExisting]);
    expect(data.reasons).toEqual(
      expect.arrayContaining([
        { message: customerMessages.email('E Mail'), count: 1 },
        { message: customerMessages.minLength(2), count: 1 },
        { message: customerMessages.phoneInvalid, count: 1 },
        { message: customerMessages.rowColumns(5, 4), count: 1 },
        { message: customerMessages.notAnOption('Tier', ['Gold', 'Silver', 'Bronze']), count: 1 },
        { message: customerMessages.notAnOption('Tags', ['a', 'b', 'c']), count: 1 },
      ]),
    );
    // Nothing was written.
    expect((await context.database.db.select().from(customers)).length).toBe(1);
  });

  it('with Replace Existing Records an existing number is not a failure', async () => {
    const id = await draft();
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/customer-uploads/${id}/preview`,
      headers: as(admin.token),
      payload: { segmentId, replace: true, headerMapping: fullMapping },
    });
    expect(json<{ data: { failingRows: number } }>(response).data.failingRows).toBe(6);
  });

  it('checks only the first rows of a long file and says so', async () => {
    const rows = Array.from(
      { length: customerLimits.previewCheckRows + 5 },
      (_, index) => `Person ${index},+9198${String(10_000_000 + index)},,Gold,`,
    );
    const id = await draft(admin.token, ['Name,Phone Number,Email,Tier,Tags', ...rows].join('\n'));
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/customer-uploads/${id}/preview`,
      headers: as(admin.token),
      payload: { segmentId, replace: false, headerMapping: fullMapping },
    });
    const data = json<{ data: { checkedRows: number; partial: boolean; failingRows: number; rows: unknown[] } }>(
      response,
    ).data;
    expect(data).toMatchObject({ checkedRows: customerLimits.previewCheckRows, partial: true, failingRows: 0 });
    expect(data.rows).toHaveLength(customerLimits.previewRows);
  });
});

describe('POST /api/customer-uploads/:id/submit', () => {
  it('needs name and phoneNumber mapped', async () => {
    const id = await draft();
    const response = await submit(context, admin.token, id, {
      segmentId,
      headerMapping: fullMapping.map((row) => (row.src === 'phoneNumber' ? { ...row, des: '' } : row)),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 5114, message: customerMessages.mappingRequired });
  });

  it('refuses a column the file does not have', async () => {
    const id = await draft();
    const response = await submit(context, admin.token, id, {
      segmentId,
      headerMapping: fullMapping.map((row) => (row.src === 'email' ? { ...row, des: 'Mail' } : row)),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 5114, message: 'email: "Mail" is not a column of the file' });
  });

  it("needs one of the enterprise's segments", async () => {
    const id = await draft();
    const response = await submit(context, admin.token, id, { segmentId: otherSegmentId });
    expect(response.statusCode).toBe(404);
    expect((await submit(context, admin.token, id, { segmentId: 'nope' })).statusCode).toBe(400);
  });

  it('starts the import once: WAITING, then a second submit is refused', async () => {
    const id = await draft();
    const first = await submit(context, admin.token, id, { segmentId });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({
      message: customerMessages.uploaded,
      data: { id, state: 'WAITING', segmentId, segmentName: 'Leads', totalLines: 0, progress: 0, completedAt: null },
    });
    const second = await submit(context, admin.token, id, { segmentId });
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({ code: 5115, message: customerMessages.uploadNotDraft });
  });

  it('needs CUSTOMER.EDIT', async () => {
    const id = await draft();
    expect((await submit(context, viewer.token, id, { segmentId })).statusCode).toBe(403);
  });
});

describe('My Uploads, the Error List and the rejected rows', () => {
  let uploadId: string;
  beforeAll(async () => {
    uploadId = await sendAndSubmit(context, admin.token, mixedCsv, { segmentId });
    await importJob(context)({ enterpriseId: admin.enterpriseId, uploadId });
  });

  it('lists submitted uploads newest first, ten a page, not drafts, filtered by segment', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/api/customer-uploads', headers: as(viewer.token) });
    expect(page.statusCode).toBe(200);
    const data = json<{ data: { uploads: { id: string; state: string }[]; hasMore: boolean } }>(page).data;
    expect(data.uploads[0]).toMatchObject({
      id: uploadId,
      state: 'COMPLETED',
      totalLines: 10,
      acceptedLines: 3,
      errorLines: 7,
      progress: 1,
    });
    expect(data.uploads.every((upload) => upload.state !== 'DRAFT')).toBe(true);
    const segmentB = await seedSegment(context, admin.enterpriseId);
    const filtered = await context.app.inject({
      method: 'GET',
      url: `/api/customer-uploads?segmentId=${segmentB}`,
      headers: as(admin.token),
    });
    expect(json<{ data: { uploads: unknown[]; hasMore: boolean } }>(filtered).data).toEqual({
      uploads: [],
      hasMore: false,
    });
    const theirs = await context.app.inject({ method: 'GET', url: '/api/customer-uploads', headers: as(other.token) });
    expect(json<{ data: { uploads: unknown[] } }>(theirs).data.uploads).toEqual([]);
  });

  it('pages ten at a time with hasMore', async () => {
    for (let index = 0; index < 10; index += 1)
      await sendAndSubmit(context, admin.token, 'Name,Phone Number\nA b,+919800000001\n', {
        segmentId,
        headerMapping: fullMapping.slice(0, 2),
      });
    const first = json<{ data: { uploads: unknown[]; hasMore: boolean } }>(
      await context.app.inject({ method: 'GET', url: '/api/customer-uploads', headers: as(admin.token) }),
    ).data;
    expect(first.uploads).toHaveLength(customerLimits.uploadsPageSize);
    expect(first.hasMore).toBe(true);
  });

  it('gets one upload; another enterprise gets 404 on every route', async () => {
    const mine = await context.app.inject({
      method: 'GET',
      url: `/api/customer-uploads/${uploadId}`,
      headers: as(admin.token),
    });
    expect(json(mine)).toMatchObject({ data: { id: uploadId, state: 'COMPLETED', fileName: 'customers.csv' } });
    for (const [method, url] of [
      ['GET', `/api/customer-uploads/${uploadId}`],
      ['GET', `/api/customer-uploads/${uploadId}/errors`],
      ['GET', `/api/customer-uploads/${uploadId}/errors.csv`],
      ['POST', `/api/customer-uploads/${uploadId}/preview`],
      ['POST', `/api/customer-uploads/${uploadId}/submit`],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        headers: as(other.token),
        ...(method === 'POST' ? { payload: { segmentId: otherSegmentId, headerMapping: fullMapping } } : {}),
      });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('lists the rejected rows by line, fifteen a page, with their messages', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/customer-uploads/${uploadId}/errors`,
      headers: as(viewer.token),
    });
    const data = json<{
      data: { errors: { line: number; lineStr: string; errors: string[] }[]; total: number; hasMore: boolean };
    }>(response).data;
    expect(data.total).toBe(7);
    expect(data.hasMore).toBe(false);
    expect(data.errors.map((row) => row.line)).toEqual([3, 4, 5, 6, 8, 9, 11]);
    expect(data.errors[0]).toEqual({
      line: 3,
      lineStr: 'Ravi Kumar,9876543211,ravi@example,Gold,',
      errors: [customerMessages.email('E Mail')],
    });
    expect(data.errors[2]!.errors).toEqual([customerMessages.duplicateInFile(2)]);
    expect(data.errors[3]!.errors).toEqual([customerMessages.duplicateExisting]);
    expect(data.errors[5]!.errors).toEqual([
      customerMessages.notAnOption('Tier', ['Gold', 'Silver', 'Bronze']),
      customerMessages.notAnOption('Tags', ['a', 'b', 'c']),
    ]);
    expect(data.errors[6]!.errors).toEqual([customerMessages.rowColumns(5, 4)]);
    const paged = json<{ data: { errors: { line: number }[]; total: number; hasMore: boolean } }>(
      await context.app.inject({
        method: 'GET',
        url: `/api/customer-uploads/${uploadId}/errors?from=3&perPage=3`,
        headers: as(admin.token),
      }),
    ).data;
    expect(paged.errors.map((row) => row.line)).toEqual([6, 8, 9]);
    expect(paged).toMatchObject({ total: 7, hasMore: true });
  });

  it('downloads the rejected rows as CSV with a reason column, formula cells neutralised', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/customer-uploads/${uploadId}/errors.csv`,
      headers: as(viewer.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="customers-errors.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('Name,Phone Number,Email,Tier,Tags,reason');
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines[1]).toBe('Ravi Kumar,9876543211,ravi@example,Gold,,E Mail must be a valid email address');
    expect(lines[3]).toBe('Meena Iyer,+919876543210,,Silver,,Duplicate phone number: the same number is on line 2');
    expect(lines[5]).toBe(
      `'=1+1,12345,,Gold,,"${customerMessages.formulaCell('Name')}; ${customerMessages.phoneInvalid}"`,
    );
    expect(lines[8]).toBe('');
    expect((await errorRows(context, uploadId)).length).toBe(7);
  });

  it('is refused without CUSTOMER.VIEW', async () => {
    for (const url of [
      '/api/customer-uploads',
      `/api/customer-uploads/${uploadId}`,
      `/api/customer-uploads/${uploadId}/errors.csv`,
      '/api/customer-uploads/sample.csv',
    ])
      expect((await context.app.inject({ method: 'GET', url, headers: as(chatOnly.token) })).statusCode, url).toBe(403);
  });
});
