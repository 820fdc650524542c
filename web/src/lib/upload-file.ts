import { AUTH_HEADER } from '@parley/contracts/constants';
import type { StoredFile } from '@parley/contracts/files';
import { ApiError } from './api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from './error-text';
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

interface UploadPayload {
  status?: boolean;
  code?: number;
  message?: string;
  data?: StoredFile;
}

function readPayload(text: string): UploadPayload | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as UploadPayload) : null;
  } catch {
    return null;
  }
}

/**
 * The same upload, reporting the progress (0–1) as the bytes leave: XMLHttpRequest, because fetch
 * reports no upload progress (template samples, broadcast attachments).
 */
export function uploadFileWithProgress(file: File, onProgress: (fraction: number) => void): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files');
    const token = getSessionToken();
    if (token) request.setRequestHeader(AUTH_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0));
    request.onload = () => {
      const payload = readPayload(request.responseText);
      if (request.status >= 200 && request.status < 300 && payload?.status === true && payload.data) {
        onProgress(1);
        resolve(payload.data);
        return;
      }
      const code = payload?.code ?? request.status;
      reject(new ApiError(code, errorTextForCode(code, payload?.message), request.status));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
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
