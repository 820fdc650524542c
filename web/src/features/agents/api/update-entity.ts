import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityRoutes, type EntityBody } from '@parley/contracts/agent-entities';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function updateEntity(agentId: string, entityId: string, body: EntityBody) {
  return apiRequest(entityRoutes.update, { params: { agentId, entityId }, body });
}

/** Updates a custom entity; the form shows field errors beside the rows and toasts itself. */
export function useUpdateEntity(agentId: string, entityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntityBody) => updateEntity(agentId, entityId, body),
    meta: { inlineErrors: true },
    onSuccess: (entity) => {
      queryClient.setQueryData(agentsKeys.entity(agentId, entityId), entity);
      return queryClient.invalidateQueries({ queryKey: agentsKeys.entities(agentId) });
    },
  });
}
