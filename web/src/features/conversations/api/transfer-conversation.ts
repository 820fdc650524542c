import { conversationMessages, conversationRoutes } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';
import { useConversationAction } from './conversation-action';

export interface TransferVariables {
  id: string;
  userId?: string;
  departmentId?: string;
  note: string;
}

export function transferConversation({ id, ...body }: TransferVariables) {
  return apiRequest(conversationRoutes.transfer, { params: { id }, body });
}

export function useTransferConversation() {
  return useConversationAction(transferConversation, conversationMessages.transferred);
}
