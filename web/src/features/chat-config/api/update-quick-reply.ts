import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatConfigRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';
import type { QuickReplyBody } from './create-quick-reply';

export function updateQuickReply({ id, body }: { id: string; body: QuickReplyBody }) {
  return apiRequest(chatConfigRoutes.updateQuickReply, { params: { id }, body });
}

export function useUpdateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuickReply,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatConfigKeys.quickReplies() }),
  });
}
