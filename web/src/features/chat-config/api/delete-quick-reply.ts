import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatConfigRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export function deleteQuickReply(id: string) {
  return apiRequest(chatConfigRoutes.removeQuickReply, { params: { id } });
}

/** Failures show as the console's toast (the confirm dialog closes either way). */
export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuickReply,
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatConfigKeys.quickReplies() }),
  });
}
