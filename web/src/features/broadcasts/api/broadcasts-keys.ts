/** Query keys of the broadcasts (list, detail, messages, message status) and the rate card. */
export const broadcastsKeys = {
  all: ['broadcasts'] as const,
  lists: () => ['broadcasts', 'list'] as const,
  list: (query: BroadcastsQuery) => ['broadcasts', 'list', query] as const,
  detail: (id: string) => ['broadcasts', 'detail', id] as const,
  messages: (id: string) => ['broadcasts', 'detail', id, 'messages'] as const,
  messagePage: (id: string, query: { from: number; perPage: number }) =>
    ['broadcasts', 'detail', id, 'messages', query] as const,
  messageStatus: (id: string, messageId: string) =>
    ['broadcasts', 'detail', id, 'messages', 'status', messageId] as const,
  rateCard: () => ['broadcasts', 'rate-card'] as const,
};

export interface BroadcastsQuery {
  from: number;
  perPage: number;
  name?: string;
  fromDate?: string;
  toDate?: string;
}
