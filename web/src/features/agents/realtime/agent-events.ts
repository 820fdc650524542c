import type { QueryClient } from '@tanstack/react-query';
import { AGENT_TRAINED_EVENT } from '@parley/contracts/nlu';
import { KNOWLEDGE_PROGRESS_EVENT, knowledgeProgress } from '@parley/contracts/knowledge';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { agentsKeys } from '../api/agents-keys';
import { trainingStateKey } from '../api/get-training-state';

function agentIdOf(payload: unknown): string | null {
  if (payload && typeof payload === 'object' && 'agentId' in payload && typeof payload.agentId === 'string')
    return payload.agentId;
  return null;
}

/**
 * A finished training (either way) refreshes the agent, the agents list and its training state; a
 * knowledge base's progress is kept for its panel, and its end refreshes the panel's sources.
 */
export function subscribeAgentEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  const stopProgress = realtime.on(KNOWLEDGE_PROGRESS_EVENT, (event) => {
    const parsed = knowledgeProgress.safeParse(event.payload);
    if (!parsed.success) return;
    const progress = parsed.data;
    queryClient.setQueryData(agentsKeys.knowledgeProgress(progress.agentId), progress);
    if (progress.status !== 'running' || progress.sourcesDone > 0)
      void queryClient.invalidateQueries({ queryKey: agentsKeys.knowledge(progress.agentId), exact: true });
  });
  const stopTrained = realtime.on(AGENT_TRAINED_EVENT, (event) => {
    const agentId = agentIdOf(event.payload);
    // An open agent page follows its training state and refreshes the agent and the list itself.
    const followed =
      agentId !== null &&
      queryClient
        .getQueryCache()
        .find({ queryKey: trainingStateKey(agentId) })
        ?.isActive();
    if (agentId) void queryClient.invalidateQueries({ queryKey: trainingStateKey(agentId) });
    if (followed) return;
    void queryClient.invalidateQueries({ queryKey: agentsKeys.lists() });
    if (agentId) void queryClient.invalidateQueries({ queryKey: agentsKeys.detail(agentId), exact: true });
  });
  return () => {
    stopProgress();
    stopTrained();
  };
}
