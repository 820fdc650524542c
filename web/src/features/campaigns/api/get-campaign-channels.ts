import { queryOptions, useQueries } from '@tanstack/react-query';
import { channelRoutes, type Channel } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** WhatsApp (4), RCS (10) and SMS (0): the channel types a campaign can go out on. */
export const CAMPAIGN_CHANNEL_TYPES = [4, 10, 0] as const;
export type CampaignChannelType = (typeof CAMPAIGN_CHANNEL_TYPES)[number];

/** One type's channels, the first 200 (an enterprise has a handful of each). */
export async function getCampaignChannels(type: number, signal?: AbortSignal): Promise<Channel[]> {
  const data = await apiRequest(channelRoutes.list, { query: { type, from: 0, perPage: 200 }, signal });
  return data.channelConfig;
}

export function campaignChannelsQueryOptions(type: number) {
  return queryOptions({
    queryKey: campaignsKeys.channels(type),
    queryFn: ({ signal }) => getCampaignChannels(type, signal),
  });
}

/**
 * The enterprise's channels of each campaign type (GET /api/channels?type=…): the editor offers
 * only the types it has channels of.
 */
export function useCampaignChannels(types: readonly number[]) {
  return useQueries({
    queries: types.map((type) => campaignChannelsQueryOptions(type)),
    combine: (results) => ({
      channels: results.flatMap((result) => result.data ?? []),
      pending: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}
