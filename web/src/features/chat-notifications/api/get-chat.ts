import { conversationRoutes, type ConversationSummary } from '@parley/contracts/conversations';
import { apiRequest } from '../../../lib/api-client';

/** One conversation's summary: the customer and last message a desktop notification shows. */
export async function getChat(conversationId: string, signal?: AbortSignal): Promise<ConversationSummary> {
  const { conversation } = await apiRequest(conversationRoutes.get, { params: { id: conversationId }, signal });
  return conversation;
}
