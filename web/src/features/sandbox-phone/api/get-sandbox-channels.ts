import { queryOptions, useQuery } from '@tanstack/react-query';
import { sandboxRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { sandboxPhoneKeys } from './sandbox-phone-keys';

export function getSandboxChannels(signal?: AbortSignal) {
  return apiRequest(sandboxRoutes.channels, { signal });
}

/** The enterprise's Sandbox channels (each has its own set of simulated phones). */
export function useSandboxChannels() {
  return useQuery(
    queryOptions({
      queryKey: sandboxPhoneKeys.channels(),
      queryFn: ({ signal }) => getSandboxChannels(signal),
      // A channel created or edited elsewhere (its failure rate) shows on the next visit.
      staleTime: 0,
    }),
  );
}
