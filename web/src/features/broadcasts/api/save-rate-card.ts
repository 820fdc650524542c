import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateCardRoutes, type RateCardBody } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { broadcastsKeys } from './broadcasts-keys';

export function saveRateCard(body: RateCardBody) {
  return apiRequest(rateCardRoutes.save, { body });
}

/** Replaces the rate card; the dialog shows failures beside the rows. */
export function useSaveRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRateCard,
    meta: { inlineErrors: true },
    onSuccess: (saved) => queryClient.setQueryData(broadcastsKeys.rateCard(), saved),
  });
}
