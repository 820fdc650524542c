/** Query keys of the agent designer. Every slice invalidates from here. */
export const agentsKeys = {
  all: ['agents'] as const,
  lists: () => ['agents', 'list'] as const,
  list: (query: { name?: string }) => ['agents', 'list', query] as const,
  detail: (agentId: string) => ['agents', 'detail', agentId] as const,
  genAiConfig: (agentId: string) => ['agents', 'detail', agentId, 'genai-config'] as const,
  /** The knowledge base's build (GET /api/agents/:id/knowledge), and its live progress events. */
  knowledge: (agentId: string) => ['agents', 'detail', agentId, 'knowledge'] as const,
  knowledgeProgress: (agentId: string) => ['agents', 'detail', agentId, 'knowledge-progress'] as const,
  analytics: (agentId: string) => ['agents', 'detail', agentId, 'analytics'] as const,
  stories: (agentId: string) => ['agents', 'detail', agentId, 'stories'] as const,
  intents: (agentId: string, storyId: string, name?: string) =>
    ['agents', 'detail', agentId, 'stories', storyId, 'intents', { name: name ?? '' }] as const,
  /** Outside the stories subtree: saving an intent sets it and refreshes the lists, not itself. */
  intent: (agentId: string, storyId: string, intentId: string) =>
    ['agents', 'detail', agentId, 'intent', storyId, intentId] as const,
  entities: (agentId: string) => ['agents', 'detail', agentId, 'entities'] as const,
  entityList: (agentId: string, query: { type: number; from: number; perPage: number; searchterm?: string }) =>
    ['agents', 'detail', agentId, 'entities', 'list', query] as const,
  /** Outside the entities subtree, for the same reason. */
  entity: (agentId: string, entityId: string) => ['agents', 'detail', agentId, 'entity', entityId] as const,
  genAiConfigs: () => ['genai-configs'] as const,
};
