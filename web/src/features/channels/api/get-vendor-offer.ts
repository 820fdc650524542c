import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './channels-keys';

export function getVendorOffer(signal?: AbortSignal) {
  return apiRequest(channelRoutes.getOffer, { signal });
}

export function vendorOfferQueryOptions() {
  return queryOptions({ queryKey: channelsKeys.offer(), queryFn: ({ signal }) => getVendorOffer(signal) });
}

/** The vendors the enterprise offers when channels are created (empty: all). */
export function useVendorOffer({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorOfferQueryOptions(), enabled });
}
