import { VendorError, type HttpAdapterOptions, type VendorAdapter } from './vendor-adapter';

// PLACEHOLDER until the Sinch adapter lands (issue 7, helper A): refuses every call.
export function createSinchAdapter(options: HttpAdapterOptions & { authUrl?: string }): VendorAdapter {
  void options;
  const refuse = () => {
    throw new VendorError('permanent', 'unavailable', 'The Sinch adapter is being built');
  };
  return {
    vendor: 6,
    sendTemplate: async () => refuse(),
    sendSession: async () => refuse(),
    verifyWebhook: () => ({ kind: 'reject', status: 401, reason: 'The Sinch adapter is being built' }),
    parseWebhook: () => refuse(),
  };
}
