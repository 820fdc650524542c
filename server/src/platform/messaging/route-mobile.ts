import { VendorError, type HttpAdapterOptions, type VendorAdapter } from './vendor-adapter';

// PLACEHOLDER until the Route Mobile adapter lands (issue 7, helper A): refuses every call.
export function createRouteMobileAdapter(options: HttpAdapterOptions): VendorAdapter {
  void options;
  const refuse = () => {
    throw new VendorError('permanent', 'unavailable', 'The Route Mobile adapter is being built');
  };
  return {
    vendor: 17,
    sendTemplate: async () => refuse(),
    sendSession: async () => refuse(),
    verifyWebhook: () => ({ kind: 'reject', status: 401, reason: 'The Route Mobile adapter is being built' }),
    parseWebhook: () => refuse(),
  };
}
