import { useMutation, useQueryClient } from '@tanstack/react-query';
import { broadcastRoutes, type BroadcastRequest } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';

/** Stores the broadcast and queues its messages (POST /api/broadcasts). */
export function sendBroadcast(body: BroadcastRequest) {
  return apiRequest(broadcastRoutes.send, { body });
}

/** Sends; the broadcast list is read again. A failure shows in the summary dialog, the form kept. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    meta: { inlineErrors: true },
    // The broadcasts feature keys its list under ['broadcasts', 'list'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['broadcasts', 'list'] }),
  });
}
