import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelRoutes, type Channel } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { templatesKeys } from './templates-keys';

/** WhatsApp (4) and RCS (10): the channel types that carry templates. */
export const TEMPLATE_CHANNEL_TYPES = [4, 10] as const;
const PER_PAGE = 200;

/** The enterprise's WhatsApp and RCS channels (GET /api/channels, one call per type). */
export async function getTemplateChannels(signal?: AbortSignal): Promise<Channel[]> {
  const pages = await Promise.all(
    TEMPLATE_CHANNEL_TYPES.map((type) =>
      apiRequest(channelRoutes.list, { query: { type, from: 0, perPage: PER_PAGE }, signal }),
    ),
  );
  return pages.flatMap((page) => page.channelConfig).sort((a, b) => a.name.localeCompare(b.name));
}

export function templateChannelsQueryOptions() {
  return queryOptions({
    queryKey: templatesKeys.channels(),
    queryFn: ({ signal }) => getTemplateChannels(signal),
  });
}

export function useTemplateChannels() {
  return useQuery(templateChannelsQueryOptions());
}
