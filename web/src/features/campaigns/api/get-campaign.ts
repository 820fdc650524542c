import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function getCampaign(id: string, signal?: AbortSignal) {
  const data = await apiRequest(campaignRoutes.get, { params: { id }, signal });
  return data.campaign;
}

export function campaignQueryOptions(id: string) {
  return queryOptions({
    queryKey: campaignsKeys.detail(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
    staleTime: 0,
  });
}

/** One campaign for the editor (GET /api/campaigns/:id); nothing to load for a new one. */
export function useCampaign(id: string | undefined) {
  return useQuery({ ...campaignQueryOptions(id ?? ''), enabled: id !== undefined });
}
