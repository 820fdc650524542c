import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function tagConversation({ id, tag, note }: { id: string; tag: string; note: string }) {
  return apiRequest(conversationRoutes.tag, { params: { id }, body: { tag, note } });
}

export function useTagConversation() {
  return useConversationAction(tagConversation, conversationMessages.tagged, { inlineErrors: true });
}
