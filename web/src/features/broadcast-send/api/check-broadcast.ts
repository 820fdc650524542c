import { useMutation } from '@tanstack/react-query';
import { broadcastRoutes, type BroadcastRequest } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';

/** The pre-send check (POST /api/broadcasts/validate): counts, examples, field errors and the estimate. */
export function checkBroadcast(body: BroadcastRequest) {
  return apiRequest(broadcastRoutes.validate, { body });
}

/** The check as a mutation; the form shows a failure's field errors beside the fields. */
export function useCheckBroadcast() {
  return useMutation({ mutationFn: checkBroadcast, meta: { inlineErrors: true } });
}
