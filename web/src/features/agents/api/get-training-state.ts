import { queryOptions, useQuery } from '@tanstack/react-query';
import { nluRoutes } from '@parley/contracts/nlu';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

/** The training state and report of one agent (a key of its own under the agent's detail). */
export const trainingStateKey = (agentId: string) => [...agentsKeys.detail(agentId), 'training'] as const;

/** While training runs the state is polled this often, as a fallback to the 'agent.trained' event. */
export const TRAINING_POLL_MS = 2000;

export function getTrainingState(id: string, signal?: AbortSignal) {
  return apiRequest(nluRoutes.trainingState, { params: { id }, signal });
}

export function trainingStateQueryOptions(id: string) {
  return queryOptions({
    queryKey: trainingStateKey(id),
    queryFn: ({ signal }) => getTrainingState(id, signal),
  });
}

/**
 * Status, the server's message and the last training report. With `poll`, it asks again every
 * 2 s while the server says 'training'.
 */
export function useTrainingState(id: string, options: { enabled?: boolean; poll?: boolean } = {}) {
  return useQuery({
    ...trainingStateQueryOptions(id),
    enabled: options.enabled ?? true,
    // A watcher always asks the server: a cached state may be from the training before.
    staleTime: options.poll ? 0 : undefined,
    refetchInterval: (query) =>
      options.poll && query.state.data?.trainingStatus === 'training' ? TRAINING_POLL_MS : false,
  });
}
