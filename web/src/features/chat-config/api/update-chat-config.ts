import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatConfigRoutes, type ChatConfig, type ChatConfigBody } from '@parley/contracts/conversations';
import { apiRequest, type RouteData } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export function updateChatConfig({ channelId, body }: { channelId: string; body: ChatConfigBody }) {
  return apiRequest(chatConfigRoutes.update, { params: { id: channelId }, body });
}

/** Saves one channel's configuration; the form shows failures beside its fields. */
export function useUpdateChatConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChatConfig,
    meta: { inlineErrors: true },
    onSuccess: (saved: ChatConfig) => {
      // The card shows the saved values at once, before the list is fetched again.
      queryClient.setQueryData<RouteData<typeof chatConfigRoutes.list>>(chatConfigKeys.configs(), (previous) =>
        previous
          ? {
              configs: previous.configs.map((config) => (config.channelId === saved.channelId ? saved : config)),
            }
          : previous,
      );
      return queryClient.invalidateQueries({ queryKey: chatConfigKeys.configs() });
    },
  });
}
