import { VendorError, type HttpAdapterOptions, type VendorAdapter } from './vendor-adapter';

// PLACEHOLDER until the WhatsApp Cloud API (Meta) adapter lands (issue 7, helper A): refuses every call.
export function createMetaCloudAdapter(options: HttpAdapterOptions): VendorAdapter {
  void options;
  const refuse = () => {
    throw new VendorError('permanent', 'unavailable', 'The WhatsApp Cloud API (Meta) adapter is being built');
  };
  return {
    vendor: 19,
    sendTemplate: async () => refuse(),
    sendSession: async () => refuse(),
    verifyWebhook: () => ({
      kind: 'reject',
      status: 401,
      reason: 'The WhatsApp Cloud API (Meta) adapter is being built',
    }),
    parseWebhook: () => refuse(),
  };
}
