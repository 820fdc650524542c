import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { deliveryReportKeys } from './delivery-report-keys';

/** The channel filter lists the enterprise's channels (the first 200). */
export async function getReportChannels(signal?: AbortSignal) {
  const answer = await apiRequest(channelRoutes.list, { query: { from: 0, perPage: 200 }, signal });
  return answer.channelConfig.map((channel) => ({ value: channel.id, label: channel.name }));
}

export function reportChannelsQueryOptions() {
  return queryOptions({ queryKey: deliveryReportKeys.channels(), queryFn: ({ signal }) => getReportChannels(signal) });
}

/** Only for users who may list channels; others filter by the other fields. */
export function useReportChannels(enabled: boolean) {
  return useQuery({ ...reportChannelsQueryOptions(), enabled });
}
