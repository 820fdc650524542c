import { useMutation } from '@tanstack/react-query';
import { nluRoutes, type PredictBody } from '@parley/contracts/nlu';
import { apiRequest } from '../../../lib/api-client';

export function predictIntent(body: PredictBody, signal?: AbortSignal) {
  return apiRequest(nluRoutes.predict, { body, signal });
}

/** Try it (agents.md §2.11): one message to the agent. The chat shows failures as bubbles itself. */
export function usePredictIntent() {
  return useMutation({
    mutationFn: (body: PredictBody) => predictIntent(body),
    meta: { inlineErrors: true },
  });
}
