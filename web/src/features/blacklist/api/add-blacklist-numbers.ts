import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blacklistRoutes } from '@parley/contracts/broadcasts';
import { apiRequest } from '../../../lib/api-client';
import { blacklistKeys } from './blacklist-keys';

export function addBlacklistNumbers(body: { phoneNumbers: string[]; reason: string }) {
  return apiRequest(blacklistRoutes.add, { body });
}

/** Adds typed numbers; the answer lists the lines that are not numbers. */
export function useAddBlacklistNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBlacklistNumbers,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistKeys.lists() }),
  });
}
