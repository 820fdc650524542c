import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes, type Audience } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

/** Debounce of the live count: it asks once the audience has stopped changing for this long. */
export const AUDIENCE_COUNT_DEBOUNCE_MS = 400;

export function countAudience(channelId: string | undefined, audience: Audience, signal?: AbortSignal) {
  return apiRequest(campaignRoutes.audienceCount, { body: { channelId, audience }, signal });
}

export function audienceCountQueryOptions(channelId: string | undefined, audience: Audience) {
  return queryOptions({
    queryKey: campaignsKeys.audienceCount(channelId, audience),
    queryFn: ({ signal }) => countAudience(channelId, audience, signal),
    // The previous count stays on screen (dimmed) while the next one is counted: no jump.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The live reach: customers targeted, excluded by reason, and sendable (POST /api/campaigns/audience/count). */
export function useAudienceCount(channelId: string | undefined, audience: Audience, enabled = true) {
  return useQuery({ ...audienceCountQueryOptions(channelId, audience), enabled });
}
