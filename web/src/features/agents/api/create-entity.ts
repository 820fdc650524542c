import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entityRoutes, type EntityBody } from '@parley/contracts/agent-entities';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function createEntity(agentId: string, body: EntityBody) {
  return apiRequest(entityRoutes.create, { params: { agentId }, body });
}

/** Creates a custom entity; the form shows field errors beside the rows and toasts itself. */
export function useCreateEntity(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntityBody) => createEntity(agentId, body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.entities(agentId) }),
  });
}
