import { useMutation } from '@tanstack/react-query';
import { nluRoutes, type GeneratePhrasesBody } from '@parley/contracts/nlu';
import { apiRequest } from '../../../lib/api-client';

export function generatePhrases(agentId: string, body: GeneratePhrasesBody) {
  return apiRequest(nluRoutes.generatePhrases, { params: { id: agentId }, body });
}

/** Auto generate (agents.md §5): candidates from the selected phrases. The modal shows failures itself. */
export function useGeneratePhrases(agentId: string) {
  return useMutation({
    mutationFn: (body: GeneratePhrasesBody) => generatePhrases(agentId, body),
    meta: { inlineErrors: true },
  });
}
