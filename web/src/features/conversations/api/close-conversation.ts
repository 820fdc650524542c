import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function closeConversation({ id, feedback }: { id: string; feedback: string }) {
  return apiRequest(conversationRoutes.close, { params: { id }, body: { feedback } });
}

export function useCloseConversation() {
  return useConversationAction(closeConversation, conversationMessages.closed);
}
