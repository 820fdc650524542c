/** Query keys of the send screen (its own reads of channels, templates and customers). */
export const broadcastSendKeys = {
  all: ['broadcast-send'] as const,
  channels: (search: string) => ['broadcast-send', 'channels', { search }] as const,
  templates: (channelId: string, search: string) => ['broadcast-send', 'templates', channelId, { search }] as const,
  template: (id: string) => ['broadcast-send', 'template', id] as const,
  variables: (channelId: string, templateId: string) => ['broadcast-send', 'variables', channelId, templateId] as const,
  customers: (search: string, from: number) => ['broadcast-send', 'customers', { search, from }] as const,
  columns: () => ['broadcast-send', 'columns'] as const,
};
