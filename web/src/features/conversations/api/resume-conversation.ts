import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function resumeConversation(id: string) {
  return apiRequest(conversationRoutes.resume, { params: { id } });
}

export function useResumeConversation() {
  return useConversationAction(resumeConversation, conversationMessages.resumed);
}
