import type { ConversationListQuery } from '@parley/contracts/conversations';

/** The list's filters as the URL keeps them (no cursor: pages are the infinite query's). */
export type ConversationFilters = Omit<ConversationListQuery, 'before' | 'perPage'>;

/** Query keys of the agent's console. Realtime events and the actions update the cache from here. */
export const conversationsKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', filters] as const,
  counts: () => ['conversations', 'counts'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
  agents: () => ['conversations', 'agents'] as const,
  agentStatus: () => ['conversations', 'agent-status'] as const,
  quickReplies: () => ['conversations', 'quick-replies'] as const,
  channels: () => ['conversations', 'channels'] as const,
  customer: (id: string) => ['conversations', 'customer', id] as const,
  customerFields: () => ['conversations', 'customer-fields'] as const,
  file: (url: string) => ['conversations', 'file', url] as const,
};
