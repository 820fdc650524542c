import { VendorError, type HttpAdapterOptions, type VendorAdapter } from './vendor-adapter';

// PLACEHOLDER until the Karix RCM adapter lands (issue 7, helper A): refuses every call.
export function createKarixRcmAdapter(options: HttpAdapterOptions): VendorAdapter {
  void options;
  const refuse = () => {
    throw new VendorError('permanent', 'unavailable', 'The Karix RCM adapter is being built');
  };
  return {
    vendor: 2,
    sendTemplate: async () => refuse(),
    sendSession: async () => refuse(),
    verifyWebhook: () => ({ kind: 'reject', status: 401, reason: 'The Karix RCM adapter is being built' }),
    parseWebhook: () => refuse(),
  };
}
