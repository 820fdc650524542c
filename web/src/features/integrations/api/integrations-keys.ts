/** Query keys of the enterprise's integrations. */
export const integrationsKeys = {
  all: ['integrations'] as const,
  lists: () => ['integrations', 'list'] as const,
  list: (query: { from: number; perPage: number }) => ['integrations', 'list', query] as const,
};
