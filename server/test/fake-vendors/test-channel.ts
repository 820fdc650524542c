import { expect } from 'vitest';
import { VendorError, type AdapterChannel, type WebhookRequest } from '../../src/platform/messaging/vendor-adapter';

/** An adapter's view of a channel for contract tests against the fake vendors. */
export function testChannel(vendor: number, credentials: Record<string, string>): AdapterChannel {
  return {
    id: '7b0c8f5e-0000-4000-8000-000000000001',
    enterpriseId: '7b0c8f5e-0000-4000-8000-0000000000e1',
    type: 4,
    vendor,
    contactId: credentials.contactId ?? '919000012345',
    credentials,
    webhook: {
      key: 'whk_test',
      url: 'https://parley.example/api/webhooks/channels/whk_test',
      verifyToken: 'verify-me',
      secret: 'sandbox-secret',
    },
  };
}

/** The VendorError a call fails with (the test fails when it succeeds or throws anything else). */
export async function rejection(promise: Promise<unknown>): Promise<VendorError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(VendorError);
    return error as VendorError;
  }
  throw new Error('expected the call to fail');
}

/** A webhook POST with a JSON (or raw) body. */
export function webhookPost(body: unknown, headers: Record<string, string> = {}): WebhookRequest {
  return {
    method: 'POST',
    headers,
    query: {},
    rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  };
}
