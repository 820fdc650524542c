import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@parley/contracts/conversations';
import { showToast } from '../../../lib/toast';
import { applyConversation } from './conversation-cache';

/**
 * The shape every chat action shares: it answers the changed conversation, which replaces the
 * row and the header, and the spec's confirmation shows as a toast. Failures show the server's
 * text through the mutation cache unless the caller reports them itself (`inlineErrors`).
 */
export function useConversationAction<V>(
  run: (variables: V) => Promise<{ conversation: ConversationSummary }>,
  successText: string | ((variables: V) => string),
  options: { inlineErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { inlineErrors: options.inlineErrors ?? false },
    onSuccess: ({ conversation }, variables) => {
      applyConversation(queryClient, conversation);
      showToast(typeof successText === 'function' ? successText(variables) : successText, { tone: 'success' });
    },
  });
}
