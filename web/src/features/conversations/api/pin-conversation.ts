import { conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export function pinConversation({ id, pinAction }: { id: string; pinAction: 'pin' | 'unpin' }) {
  return apiRequest(conversationRoutes.pin, { params: { id, pinAction } });
}

/** Pins or unpins the chat in the caller's list (the spec has no text for it: Parley's own). */
export function usePinConversation() {
  return useConversationAction(pinConversation, ({ pinAction }) =>
    pinAction === 'pin' ? 'Chat pinned' : 'Chat unpinned',
  );
}
