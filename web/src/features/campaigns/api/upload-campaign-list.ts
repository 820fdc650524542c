import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import type { CampaignList } from '@parley/contracts/campaigns';
import { ApiError } from '../../../lib/api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from '../../../lib/error-text';
import { getSessionToken } from '../../../lib/session-token';
import { campaignsKeys } from './campaigns-keys';

/** POST /api/campaigns/lists (multipart, field "file"): a CSV of numbers (no contract route: multipart). */
export const UPLOAD_LIST_PATH = '/api/campaigns/lists';

/** Uploads a CSV of numbers (the first column, or a column named phone / phoneNumber) as a list. */
export async function uploadCampaignList(file: File): Promise<CampaignList> {
  const form = new FormData();
  form.append('file', file);
  const token = getSessionToken();
  let response: Response;
  try {
    response = await fetch(UPLOAD_LIST_PATH, {
      method: 'POST',
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
    data?: { list?: CampaignList };
  } | null;
  if (response.ok && payload?.status === true && payload.data?.list) return payload.data.list;
  const code = payload?.code ?? response.status;
  throw new ApiError(code, errorTextForCode(code, payload?.message), response.status);
}

/** Uploads; the lists are read again. The failure shows beside the control. */
export function useUploadCampaignList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCampaignList,
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.uploadedLists() }),
  });
}
