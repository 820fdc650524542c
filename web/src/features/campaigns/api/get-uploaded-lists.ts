import { queryOptions, useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@parley/contracts/campaigns';
import { apiRequest } from '../../../lib/api-client';
import { campaignsKeys } from './campaigns-keys';

export async function getUploadedLists(signal?: AbortSignal) {
  const data = await apiRequest(campaignRoutes.lists, { signal });
  return data.lists;
}

export function uploadedListsQueryOptions() {
  return queryOptions({ queryKey: campaignsKeys.uploadedLists(), queryFn: ({ signal }) => getUploadedLists(signal) });
}

/** The uploaded number lists an audience can use (GET /api/campaigns/lists). */
export function useUploadedLists() {
  return useQuery(uploadedListsQueryOptions());
}
