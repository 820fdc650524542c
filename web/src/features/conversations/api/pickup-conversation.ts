import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function pickupConversation(id: string) {
  return apiRequest(conversationRoutes.pickup, { params: { id } });
}

/** Picks up a waiting chat; exactly one agent wins, the others read why (the page shows it). */
export function usePickupConversation() {
  return useConversationAction(pickupConversation, conversationMessages.pickedUp, { inlineErrors: true });
}
