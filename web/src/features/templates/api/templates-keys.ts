/** The list's filters and page (GET /api/templates). */
export interface TemplatesQuery {
  from: number;
  perPage: number;
  status?: 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  name?: string;
  channelId?: string;
}

/** Query keys of the message templates. */
export const templatesKeys = {
  all: ['templates'] as const,
  lists: () => ['templates', 'list'] as const,
  list: (query: TemplatesQuery) => ['templates', 'list', query] as const,
  details: () => ['templates', 'detail'] as const,
  detail: (id: string) => ['templates', 'detail', id] as const,
  channels: () => ['templates', 'channels'] as const,
};
