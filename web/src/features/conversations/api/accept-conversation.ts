import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function acceptConversation(id: string) {
  return apiRequest(conversationRoutes.accept, { params: { id } });
}

/** Accepts an invitation, transfer or assignment that waits for the caller. */
export function useAcceptConversation() {
  return useConversationAction(acceptConversation, conversationMessages.pickedUp);
}
