import { vendorIds } from '@parley/contracts/channels';
import type { OutboundHttp } from '../outbound-http';
import { createKaleyraAdapter } from './kaleyra';
import { createKarixRcmAdapter } from './karix-rcm';
import { createMetaCloudAdapter } from './meta-cloud';
import { createRouteMobileAdapter } from './route-mobile';
import { createSandboxAdapter } from './sandbox-adapter';
import type { SandboxPhonePort } from './sandbox-port';
import { createSinchAdapter } from './sinch';
import type { VendorAdapter } from './vendor-adapter';

export interface VendorAdapters {
  /** The adapter of a vendor, or undefined when Parley cannot send through it yet. */
  get(vendor: number): VendorAdapter | undefined;
}

/**
 * Every adapter Parley has. `baseUrls` (PARLEY_VENDOR_BASE_URLS) points them at other hosts, such
 * as the fake vendor servers of the tests; keys: metaCloud, kaleyra, kaleyraV2, routeMobile,
 * sinch, sinchAuth, karixRcm.
 */
export function createVendorAdapters(deps: {
  http: OutboundHttp;
  baseUrls?: Record<string, string>;
  sandbox: SandboxPhonePort;
}): VendorAdapters {
  const { http } = deps;
  const base = deps.baseUrls ?? {};
  const adapters = new Map<number, VendorAdapter>([
    [vendorIds.sandbox, createSandboxAdapter({ phone: deps.sandbox })],
    [vendorIds.metaCloud, createMetaCloudAdapter({ http, baseUrl: base.metaCloud })],
    [vendorIds.kaleyra, createKaleyraAdapter({ http, baseUrl: base.kaleyra, version: 1 })],
    [vendorIds.kaleyraV2, createKaleyraAdapter({ http, baseUrl: base.kaleyraV2, version: 2 })],
    [vendorIds.routeMobile, createRouteMobileAdapter({ http, baseUrl: base.routeMobile })],
    [vendorIds.sinch, createSinchAdapter({ http, baseUrl: base.sinch, authUrl: base.sinchAuth })],
    [vendorIds.karixRcm, createKarixRcmAdapter({ http, baseUrl: base.karixRcm })],
  ]);
  return { get: (vendor) => adapters.get(vendor) };
}
