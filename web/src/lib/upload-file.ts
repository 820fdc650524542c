import { AUTH_HEADER } from '@parley/contracts/constants';
import type { StoredFile } from '@parley/contracts/files';
import { ApiError } from './api-client';
import { errorTextForCode } from './error-text';
import { getSessionToken } from './session-token';

/** Uploads a file through POST /api/files (multipart, field "file"); answers the stored file. */
export async function uploadFile(file: File): Promise<StoredFile> {
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

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A stored file (`/api/files/<id>`) as a data URL. Files are served to signed-in users only (the
 * token travels in a header), so an <img> cannot load them by their URL; a data URL needs no clean-up.
 */
export async function fetchFileAsDataUrl(url: string, signal?: AbortSignal): Promise<string> {
  const token = getSessionToken();
  const response = await fetch(url, { headers: token ? { [AUTH_HEADER]: token } : {}, signal });
  if (!response.ok) throw new Error('The file could not be loaded');
  return toDataUrl(await response.blob());
}
