import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blacklistRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { blacklistKeys } from './blacklist-keys';

export function removeBlacklistEntry(id: string) {
  return apiRequest(blacklistRoutes.remove, { params: { id } });
}

/** Removes a number: it may be messaged again (failures show as a toast). */
export function useRemoveBlacklistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlacklistEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blacklistKeys.lists() }),
  });
}
