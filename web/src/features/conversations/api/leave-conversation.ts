import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function leaveConversation(id: string) {
  return apiRequest(conversationRoutes.leave, { params: { id } });
}

/** An invited participant leaves the chat ('You left the chat!'). */
export function useLeaveConversation() {
  return useConversationAction(leaveConversation, conversationMessages.left);
}
