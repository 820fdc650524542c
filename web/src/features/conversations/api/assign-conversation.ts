import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function assignConversation({ id, userId }: { id: string; userId: string }) {
  return apiRequest(conversationRoutes.assign, { params: { id }, body: { userId } });
}

/** Supervisors (AgentSelf.seesAll) hand a chat to an agent. */
export function useAssignConversation() {
  return useConversationAction(assignConversation, conversationMessages.assigned);
}
