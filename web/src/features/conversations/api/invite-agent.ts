import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function inviteAgent({ id, userId }: { id: string; userId: string }) {
  return apiRequest(conversationRoutes.invite, { params: { id }, body: { userId } });
}

export function useInviteAgent() {
  return useConversationAction(inviteAgent, conversationMessages.invited);
}
