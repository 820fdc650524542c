import { VendorError, type HttpAdapterOptions, type VendorAdapter } from './vendor-adapter';

// PLACEHOLDER until the Kaleyra adapter lands (issue 7, helper A): refuses every call.
export function createKaleyraAdapter(options: HttpAdapterOptions & { version: 1 | 2 }): VendorAdapter {
  void options;
  const refuse = () => {
    throw new VendorError('permanent', 'unavailable', 'The Kaleyra adapter is being built');
  };
  return {
    vendor: options.version === 1 ? 3 : 4,
    sendTemplate: async () => refuse(),
    sendSession: async () => refuse(),
    verifyWebhook: () => ({ kind: 'reject', status: 401, reason: 'The Kaleyra adapter is being built' }),
    parseWebhook: () => refuse(),
  };
}
