import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys, type ChannelsQuery } from './channels-keys';

export const CHANNELS_PAGE_SIZE = 20;

export function getChannels(query: ChannelsQuery, signal?: AbortSignal) {
  return apiRequest(channelRoutes.list, { query, signal });
}

export function channelsQueryOptions(query: ChannelsQuery) {
  return queryOptions({
    queryKey: channelsKeys.list(query),
    queryFn: ({ signal }) => getChannels(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChannels(query: ChannelsQuery) {
  return useQuery(channelsQueryOptions(query));
}
