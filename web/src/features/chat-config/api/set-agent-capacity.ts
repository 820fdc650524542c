import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatConfigRoutes, type ChatAgent } from '@parley/contracts/conversations';
import { apiRequest, type RouteData } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export function setAgentCapacity({ userId, capacity }: { userId: string; capacity: number }) {
  return apiRequest(chatConfigRoutes.setCapacity, { params: { id: userId }, body: { capacity } });
}

/** Saves how many open chats one agent takes at once; the row shows a failure itself. */
export function useSetAgentCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentCapacity,
    meta: { inlineErrors: true },
    onSuccess: (saved: ChatAgent) =>
      queryClient.setQueryData<RouteData<typeof chatConfigRoutes.agents>>(chatConfigKeys.agents(), (previous) =>
        previous
          ? { agents: previous.agents.map((agent) => (agent.userId === saved.userId ? saved : agent)) }
          : previous,
      ),
  });
}
