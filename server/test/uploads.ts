import crypto from 'node:crypto';
import { productCardPng } from '../src/seed-templates';
import { as, json, type Tenant, type TestContext } from './test-app';

/** The answer envelope of every route, for tests that read one. */
export type Envelope<T = Record<string, unknown>> = {
  status: boolean;
  code?: number;
  message: string;
  fieldErrors?: Record<string, string>;
  data: T;
};

/** Uploads a file through POST /api/files, as the template editor and the broadcast screen do. */
export async function upload(context: TestContext, tenant: Tenant, name: string, bytes: Buffer) {
  const boundary = `----parley${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...as(tenant.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return json<Envelope<{ id: string; name: string; contentType: string }>>(response).data;
}

/** A small product-card PNG. */
export const picture = () => productCardPng([20, 60, 120], [90, 160, 200], [250, 220, 120], 64, 36);
