import type { Audience, CampaignStatus } from '@parley/contracts/campaigns';

export interface CampaignsQuery {
  from: number;
  perPage: number;
  search: string;
  status?: CampaignStatus;
}

/** Query keys of the campaign maker's screens: the list, one campaign, the audience's sources and count. */
export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => ['campaigns', 'list'] as const,
  list: (query: CampaignsQuery) => ['campaigns', 'list', query] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  uploadedLists: () => ['campaigns', 'uploaded-lists'] as const,
  audienceCount: (channelId: string | undefined, audience: Audience) =>
    ['campaigns', 'audience-count', channelId ?? '', audience] as const,
  channels: (type: number) => ['campaigns', 'channels', type] as const,
  segments: () => ['campaigns', 'segments'] as const,
  groups: () => ['campaigns', 'groups'] as const,
  attributes: () => ['campaigns', 'attributes'] as const,
  departments: () => ['campaigns', 'departments'] as const,
};
