import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export function getBotOptions(signal?: AbortSignal) {
  // perPage -1: every agent of the enterprise (the API caps it at 1000).
  return apiRequest(agentRoutes.list, { query: { from: 0, perPage: -1 }, signal });
}

export function botOptionsQueryOptions() {
  return queryOptions({
    queryKey: chatConfigKeys.botOptions(),
    queryFn: ({ signal }) => getBotOptions(signal),
    select: (data) => data.agents.map((agent) => ({ value: agent.id, label: agent.name })),
  });
}

/** The enterprise's bot agents a channel can answer with (GET /api/agents needs NLP.EDIT). */
export function useBotOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...botOptionsQueryOptions(), enabled });
}
