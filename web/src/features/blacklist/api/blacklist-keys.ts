/** Query keys of the blacklist. */
export const blacklistKeys = {
  all: ['blacklist'] as const,
  lists: () => ['blacklist', 'list'] as const,
  list: (query: BlacklistQuery) => ['blacklist', 'list', query] as const,
};

export interface BlacklistQuery {
  from: number;
  perPage: number;
  search?: string;
  source?: string;
}
