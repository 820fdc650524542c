import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { channelRoutes, type Channel } from '@parley/contracts/channels';
import { broadcastLimits } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastSendKeys } from './broadcast-send-keys';

/** WhatsApp (4) and RCS (10): the channel types a template broadcast goes through. */
export const BROADCAST_CHANNEL_TYPES = [4, 10] as const;

/** Where the next page of each channel type starts; null once that type has no more. */
export type ChannelCursor = Record<(typeof BROADCAST_CHANNEL_TYPES)[number], number | null>;

export interface ChannelPage {
  channels: Channel[];
  next: ChannelCursor | null;
}

/**
 * One page of WhatsApp and RCS channels matching `name` (GET /api/channels, perPage 20 per type):
 * each type keeps its own offset, so "load more" continues both lists where they stopped.
 */
export async function getBroadcastChannels(
  name: string,
  cursor: ChannelCursor,
  signal?: AbortSignal,
): Promise<ChannelPage> {
  const perPage = broadcastLimits.channelPageSize;
  const next: ChannelCursor = { 4: null, 10: null };
  const pages = await Promise.all(
    BROADCAST_CHANNEL_TYPES.map(async (type) => {
      const from = cursor[type];
      if (from === null) return [];
      const page = await apiRequest(channelRoutes.list, {
        query: { type, from, perPage, name: name || undefined },
        signal,
      });
      next[type] = page.more ? from + perPage : null;
      return page.channelConfig;
    }),
  );
  const channels = pages.flat().sort((a, b) => a.name.localeCompare(b.name));
  return { channels, next: next[4] === null && next[10] === null ? null : next };
}

export function useBroadcastChannels(name: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: broadcastSendKeys.channels(name),
    queryFn: ({ pageParam, signal }) => getBroadcastChannels(name, pageParam, signal),
    initialPageParam: { 4: 0, 10: 0 } as ChannelCursor,
    getNextPageParam: (last) => last.next,
    // While a new search loads, the last results stay (no spinner in their place): an option the
    // user is about to click does not vanish under the pointer.
    placeholderData: keepPreviousData,
    enabled,
  });
}
