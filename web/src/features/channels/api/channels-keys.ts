/** Query keys of the enterprise's channels and the vendors it offers. */
export interface ChannelsQuery {
  from: number;
  perPage: number;
  name?: string;
  type?: number;
}

export const channelsKeys = {
  all: ['channels'] as const,
  lists: () => ['channels', 'list'] as const,
  list: (query: ChannelsQuery) => ['channels', 'list', query] as const,
  offer: () => ['channels', 'vendor-offer'] as const,
  departments: () => ['channels', 'department-options'] as const,
};
