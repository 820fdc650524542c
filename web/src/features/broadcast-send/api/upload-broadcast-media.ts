import { AUTH_HEADER } from '@parley/contracts/constants';
import type { StoredFile } from '@parley/contracts/files';
import { ApiError } from '../../../lib/api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from '../../../lib/error-text';
import { getSessionToken } from '../../../lib/session-token';

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
 * Uploads a broadcast attachment through POST /api/files (multipart, field "file"), reporting the
 * progress (0–1) as the bytes leave. XMLHttpRequest, because fetch reports no upload progress.
 */
export function uploadBroadcastMedia(file: File, onProgress: (fraction: number) => void): Promise<StoredFile> {
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
