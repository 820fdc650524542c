import { useQuery } from '@tanstack/react-query';
import { knowledgeRoutes, type KnowledgeProgress } from '@parley/contracts/knowledge';
import { apiRequest } from '../../../lib/api-client';
import { agentsKeys } from './agents-keys';

/** While a build runs the state is read again this often, besides the progress events. */
export const KNOWLEDGE_POLL_MS = 3000;

export function getKnowledgeState(id: string, signal?: AbortSignal) {
  return apiRequest(knowledgeRoutes.state, { params: { id }, signal });
}

/** The knowledge base's build: status, every source with pages read, passages and failures. */
export function useKnowledgeState(agentId: string) {
  return useQuery({
    queryKey: agentsKeys.knowledge(agentId),
    queryFn: ({ signal }) => getKnowledgeState(agentId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? KNOWLEDGE_POLL_MS : false),
  });
}

/**
 * The last 'agent.knowledge.progress' event of this agent, put in the cache by the realtime bridge
 * (subscribeAgentEvents); never fetched.
 */
export function useKnowledgeProgress(agentId: string): KnowledgeProgress | undefined {
  return (
    useQuery<KnowledgeProgress | null>({
      queryKey: agentsKeys.knowledgeProgress(agentId),
      queryFn: () => null,
      enabled: false,
    }).data ?? undefined
  );
}
