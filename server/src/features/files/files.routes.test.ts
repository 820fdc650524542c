import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimits } from '@parley/contracts/files';
import { as, createTenant, createTestApp, json, type Tenant, type TestContext } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema/platform';
import { createFileStore } from '../../platform/files';

/** A real 2×2 RGB PNG: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  // Each row: filter byte 0, then 2 pixels × 3 bytes.
  const pixels = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body built by hand, as a browser sends it. */
function multipart(parts: { field: string; filename?: string; contentType?: string; content: Buffer | string }[]) {
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

let context: TestContext;
let owner: Tenant;
beforeAll(async () => {
  context = await createTestApp();
  owner = await createTenant(context, { roles: [3] });
});
afterAll(async () => {
  await context?.close();
});

function upload(token: string | null, filename: string, content: Buffer | string, contentType = 'image/png') {
  const body = multipart([{ field: 'file', filename, contentType, content }]);
  return context.app.inject({
    method: 'POST',
    url: '/api/files',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? as(token) : {}) },
  });
}

/** Rows in the files table and files on disk for an enterprise. */
async function storedCount(enterpriseId: string) {
  const rows = await context.database.db.select().from(files).where(eq(files.enterpriseId, enterpriseId));
  const dir = path.join(context.config.dataDir, 'files', enterpriseId);
  return { rows: rows.length, onDisk: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0 };
}

const download = (token: string | null, id: string) =>
  context.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: token ? as(token) : {} });

describe('uploading and downloading files', () => {
  it('stores a real PNG and gives back the same bytes with its content type', async () => {
    const png = tinyPng();
    const response = await upload(owner.token, 'pixel.png', png);
    expect(response.statusCode).toBe(200);
    const body = json<{ status: boolean; message: string; data: { id: string } }>(response);
    expect(body).toMatchObject({
      status: true,
      message: 'File uploaded',
      data: { name: 'pixel.png', contentType: 'image/png', size: png.length },
    });

    const file = await download(owner.token, body.data.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('attachment; filename="pixel.png"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
  });

  it('goes by the bytes, not the name or the declared type: text called photo.png is refused', async () => {
    const response = await upload(owner.token, 'photo.png', 'just some text pretending to be a picture');
    expect(response.statusCode).toBe(415);
    expect(json(response)).toEqual({ status: false, code: 1415, message: 'This file type is not allowed' });
  });

  it('keeps a user-supplied path out of the stored name', async () => {
    const response = await upload(owner.token, '../../etc/pixel.png', tinyPng());
    expect(json(response).data).toMatchObject({ name: 'pixel.png' });
  });

  it('refuses an empty file', async () => {
    const response = await upload(owner.token, 'empty.png', Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ status: false, code: 3001, message: 'The file is empty' });
  });

  it('refuses a form without a file, and a body that is not a form', async () => {
    const form = multipart([{ field: 'note', content: 'no file here' }]);
    const noFile = await context.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: form.payload,
      headers: { ...form.headers, ...as(owner.token) },
    });
    expect(json(noFile)).toMatchObject({ status: false, code: 3001 });

    const notForm = await context.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: { file: 'aGVsbG8=' },
      headers: as(owner.token),
    });
    expect(notForm.statusCode).toBe(415);
    expect(json(notForm)).toMatchObject({
      code: 1415,
      message: 'Send the file as multipart/form-data in the field "file"',
    });
  });

  it(`refuses a file over ${fileLimits.maxBytes / 1024 / 1024} MB with 413`, async () => {
    const storedBefore = await storedCount(owner.enterpriseId);
    const tooBig = Buffer.concat([tinyPng(), Buffer.alloc(fileLimits.maxBytes)]);
    const response = await upload(owner.token, 'huge.png', tooBig);
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ status: false, code: 1413, message: 'The file is larger than allowed' });
    expect(await storedCount(owner.enterpriseId)).toEqual(storedBefore);
  });

  it("the store enforces a caller's smaller limit and allowed types", async () => {
    const store = createFileStore({ db: context.database.db, dataDir: context.config.dataDir });
    const png = tinyPng();
    const base = { enterpriseId: owner.enterpriseId, uploadedBy: owner.userId, name: 'a.png', bytes: png };
    await expect(store.save({ ...base, maxBytes: png.length - 1 })).rejects.toMatchObject({ code: 1413 });
    await expect(store.save({ ...base, allowedTypes: ['application/pdf'] })).rejects.toMatchObject({ code: 1415 });
    expect(await store.save({ ...base, maxBytes: png.length })).toMatchObject({ size: png.length });
  });

  it("answers 404 to another tenant's administrator, and 401 without a session", async () => {
    const uploaded = json<{ data: { id: string } }>(await upload(owner.token, 'pixel.png', tinyPng()));
    const neighbour = await createTenant(context, { roles: [1] });
    const foreign = await download(neighbour.token, uploaded.data.id);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toMatchObject({ status: false, code: 1404 });

    const anonymous = await download(null, uploaded.data.id);
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ status: false, code: 1401 });
    const anonymousUpload = await upload(null, 'pixel.png', tinyPng());
    expect(anonymousUpload.statusCode).toBe(401);

    expect((await download(owner.token, crypto.randomUUID())).statusCode).toBe(404);
    expect((await download(owner.token, 'not-an-id')).statusCode).toBe(400);
  });
});
