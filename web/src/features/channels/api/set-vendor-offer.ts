import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';
import { channelsKeys } from './channels-keys';

export function setVendorOffer(vendors: number[]) {
  return apiRequest(channelRoutes.setOffer, { body: { vendors } });
}

export function useSetVendorOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVendorOffer,
    meta: { inlineErrors: true },
    onSuccess: (offer) => queryClient.setQueryData(channelsKeys.offer(), offer),
  });
}
