import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { blacklistRoutes, type blacklistResult } from '@parley/contracts/broadcasts';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from '../../../lib/error-text';
import { getSessionToken } from '../../../lib/session-token';
import { blacklistKeys } from './blacklist-keys';

export type BlacklistResult = z.infer<typeof blacklistResult>;

/** Imports a CSV (multipart field "file"): a number per line, or a phoneNumber column. */
export async function importBlacklist(file: File): Promise<BlacklistResult> {
  const form = new FormData();
  form.append('file', file);
  const token = getSessionToken();
  let response: Response;
  try {
    response = await fetch(blacklistRoutes.import.path, {
      method: blacklistRoutes.import.method,
      headers: token ? { [AUTH_HEADER]: token } : {},
      body: form,
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0);
  }
  const payload = (await response.json().catch(() => null)) as {
    status?: boolean;
    code?: number;
    message?: string;
    data?: BlacklistResult;
  } | null;
  if (response.ok && payload?.status === true && payload.data) return payload.data;
  const code = payload?.code ?? response.status;
  throw new ApiError(code, errorTextForCode(code, payload?.message), response.status);
}

export function useImportBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBlacklist,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistKeys.lists() }),
  });
}
