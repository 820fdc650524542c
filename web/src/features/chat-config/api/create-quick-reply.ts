import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatConfigRoutes, type quickReplyBody } from '@parley/contracts/conversations';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { chatConfigKeys } from './chat-config-keys';

export type QuickReplyBody = z.input<typeof quickReplyBody>;

export function createQuickReply(body: QuickReplyBody) {
  return apiRequest(chatConfigRoutes.createQuickReply, { body });
}

export function useCreateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuickReply,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatConfigKeys.quickReplies() }),
  });
}
