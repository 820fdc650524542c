import { useMutation } from '@tanstack/react-query';
import { channelRoutes } from '@parley/contracts/channels';
import { apiRequest } from '../../../lib/api-client';

export function testChannel(id: string) {
  return apiRequest(channelRoutes.test, { params: { id } });
}

/** 'Test connection' with the stored credentials: the result is shown beside the button, failures included. */
export function useTestChannel() {
  return useMutation({ mutationFn: testChannel, meta: { inlineErrors: true } });
}
