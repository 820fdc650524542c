import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function suspendConversation(id: string) {
  return apiRequest(conversationRoutes.suspend, { params: { id } });
}

export function useSuspendConversation() {
  return useConversationAction(suspendConversation, conversationMessages.suspended);
}
