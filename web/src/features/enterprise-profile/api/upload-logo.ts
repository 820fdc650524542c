import { useMutation } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import type { StoredFile } from '@parley/contracts/files';
import { ApiError } from '../../../lib/api-client';
import { errorTextForCode } from '../../../lib/error-text';
import { getSessionToken } from '../../../lib/session-token';

/** Uploads the logo through POST /api/files (multipart, field "file"); answers the stored file. */
export async function uploadLogo(file: File): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file);
  const token = getSessionToken();
  const response = await fetch('/api/files', {
    method: 'POST',
    headers: token ? { [AUTH_HEADER]: token } : {},
    body: form,
  });
  const payload = (await response.json().catch(() => null)) as {
    status?: boolean;
    code?: number;
    message?: string;
    data?: StoredFile;
  } | null;
  if (response.ok && payload?.status === true && payload.data) return payload.data;
  const code = payload?.code ?? response.status;
  throw new ApiError(code, errorTextForCode(code, payload?.message), response.status);
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo, meta: { inlineErrors: true } });
}
