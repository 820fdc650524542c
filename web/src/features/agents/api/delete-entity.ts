import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityRoutes } from '@parley/contracts/agent-entities';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function deleteEntity(agentId: string, entityId: string) {
  return apiRequest(entityRoutes.remove, { params: { agentId, entityId } });
}

/** Deletes a custom entity; a refusal (used by intents) shows the server's message as a toast. */
export function useDeleteEntity(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entityId: string) => deleteEntity(agentId, entityId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.entities(agentId) }),
  });
}
