import { queryOptions, useQuery } from '@tanstack/react-query';
import { genAiConfigRoutes } from '@parley/contracts/integrations';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function getGenAiConfigs(signal?: AbortSignal) {
  return apiRequest(genAiConfigRoutes.list, { signal });
}

export const genAiConfigsQueryOptions = queryOptions({
  queryKey: agentsKeys.genAiConfigs(),
  queryFn: ({ signal }) => getGenAiConfigs(signal),
});

/** The GenAI configurations of the enterprise (Select Configuration). */
export function useGenAiConfigs() {
  return useQuery(genAiConfigsQueryOptions);
}
