import { useMutation } from '@tanstack/react-query';
import { nluRoutes, type PredictBody, type PredictResult } from '@parley/contracts/nlu';
import { apiStream } from '../../../lib/api-client';

/**
 * One Try-it message through the streamed call: `onToken` gets an LLM-written answer as it is
 * written (an agent without an LLM answers at once, in the final result).
 */
export function predictIntent(body: PredictBody, onToken?: (text: string) => void, signal?: AbortSignal) {
  return apiStream(nluRoutes.predictStream, {
    body,
    signal,
    onEvent: (event, data) => {
      if (event === 'token') onToken?.((data as { text: string }).text);
    },
  }) as Promise<PredictResult>;
}

/** Try it (agents.md §2.11): one message to the agent. The chat shows failures as bubbles itself. */
export function usePredictIntent() {
  return useMutation({
    mutationFn: ({ body, onToken }: { body: PredictBody; onToken?: (text: string) => void }) =>
      predictIntent(body, onToken),
    meta: { inlineErrors: true },
  });
}
