/** Query keys of the campaign protection rules and the pickers of their forms. */
export const campaignRulesKeys = {
  all: ['campaign-rules'] as const,
  rules: () => ['campaign-rules', 'rules'] as const,
  channels: () => ['campaign-rules', 'channels'] as const,
  templates: (channelId: string) => ['campaign-rules', 'templates', channelId] as const,
  variables: (channelId: string, templateId: string) => ['campaign-rules', 'variables', channelId, templateId] as const,
  columns: () => ['campaign-rules', 'columns'] as const,
  departments: () => ['campaign-rules', 'departments'] as const,
};
