import { useInfiniteQuery } from '@tanstack/react-query';
import { templateRoutes } from '@parley/contracts/templates';
import { broadcastLimits } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** One page of the channel's APPROVED templates matching `name` (GET /api/templates, page 20). */
export function getApprovedTemplates(channelId: string, name: string, from: number, signal?: AbortSignal) {
  return apiRequest(templateRoutes.list, {
    query: {
      status: 'APPROVED',
      channelId,
      name: name || undefined,
      from,
      perPage: broadcastLimits.templatePageSize,
    },
    signal,
  });
}

export function useApprovedTemplates(channelId: string | undefined, name: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: broadcastSendKeys.templates(channelId ?? '', name),
    queryFn: ({ pageParam, signal }) => getApprovedTemplates(channelId!, name, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.length * broadcastLimits.templatePageSize : null),
    enabled: enabled && channelId !== undefined,
  });
}
