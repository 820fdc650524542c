import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatConfigRoutes, type ChatWebhookBody } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

/** The enterprise's outgoing webhook for conversation events. */
export function useChatWebhook() {
  return useQuery({
    queryKey: chatConfigKeys.webhook(),
    queryFn: ({ signal }) => apiRequest(chatConfigRoutes.webhook, { signal }),
  });
}

export function useSaveChatWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatWebhookBody) => apiRequest(chatConfigRoutes.saveWebhook, { body }),
    meta: { inlineErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(chatConfigKeys.webhook(), { ...saved, secret: null }),
  });
}

export function useTestChatWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(chatConfigRoutes.testWebhook, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatConfigKeys.webhook() }),
  });
}
