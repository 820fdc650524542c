import type { SandboxPhonePort } from './sandbox-port';
import { VendorError, type VendorAdapter } from './vendor-adapter';

// PLACEHOLDER until the Sandbox adapter lands (issue 7, helper C): refuses every call.
export function createSandboxAdapter(options: { phone: SandboxPhonePort }): VendorAdapter {
  void options;
  const refuse = () => {
    throw new VendorError('permanent', 'unavailable', 'The Sandbox adapter is being built');
  };
  return {
    vendor: 0,
    sendTemplate: async () => refuse(),
    sendSession: async () => refuse(),
    verifyWebhook: () => ({ kind: 'reject', status: 401, reason: 'The Sandbox adapter is being built' }),
    parseWebhook: () => refuse(),
  };
}
