import { useMutation, useQueryClient } from '@tanstack/react-query';
import { broadcastRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastsKeys } from './broadcasts-keys';

export function retryFailed(id: string) {
  return apiRequest(broadcastRoutes.retryFailed, { params: { id } });
}

/** Sends again the failed recipients whose error is retryable. */
export function useRetryFailed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryFailed(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastsKeys.detail(id) }),
  });
}
