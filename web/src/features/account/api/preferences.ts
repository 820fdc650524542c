import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, type Preferences } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getPreferences(signal?: AbortSignal) {
  return apiRequest(accountRoutes.preferences, { signal });
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: accountKeys.preferences(), queryFn: ({ signal }) => getPreferences(signal) });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

export function updatePreferences(body: Preferences) {
  return apiRequest(accountRoutes.updatePreferences, { body });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    meta: { inlineErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.preferences(), saved),
  });
}
