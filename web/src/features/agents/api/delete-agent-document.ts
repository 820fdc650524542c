import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRoutes } from '@parley/contracts/agents';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

export function deleteAgentDocument(agentId: string, documentId: string) {
  return apiRequest(agentRoutes.removeDocument, { params: { id: agentId, documentId } });
}

/** Deletes an uploaded knowledge-base document. */
export function useDeleteAgentDocument(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteAgentDocument(agentId, documentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsKeys.genAiConfig(agentId) }),
  });
}
