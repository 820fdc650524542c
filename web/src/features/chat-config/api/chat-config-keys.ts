/** Query keys of the Chat Config screen (per-channel configuration, agents' capacity, quick replies). */
export const chatConfigKeys = {
  all: ['chat-config'] as const,
  configs: () => ['chat-config', 'configs'] as const,
  agents: () => ['chat-config', 'agents'] as const,
  quickReplies: () => ['chat-config', 'quick-replies'] as const,
  botOptions: () => ['chat-config', 'bot-options'] as const,
  departmentOptions: () => ['chat-config', 'department-options'] as const,
  webhook: () => ['chat-config', 'webhook'] as const,
};
