import { useMutation } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { customerMasterRoutes, type UploadDraft } from '@parley/contracts/customer-master';
import { ApiError } from '../../../lib/api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from '../../../lib/error-text';
import { getSessionToken } from '../../../lib/session-token';

interface DraftPayload {
  status?: boolean;
  code?: number;
  message?: string;
  data?: UploadDraft;
}

function readPayload(text: string): DraftPayload | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as DraftPayload) : null;
  } catch {
    return null;
  }
}

/**
 * Sends the chosen CSV to POST /api/customer-uploads/file (multipart, field "file") with XHR so
 * that the progress can be shown (`onProgress` receives 0..1 of the bytes sent). The server
 * answers the file's headers to map at once (engagement.md §4 "Upload form").
 */
export function sendUploadFile(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadDraft> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', customerMasterRoutes.uploadFile.path);
    request.setRequestHeader('Accept', 'application/json');
    const token = getSessionToken();
    if (token) request.setRequestHeader(AUTH_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const handleAbort = () => request.abort();
    signal?.addEventListener('abort', handleAbort, { once: true });
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0));
    request.onloadend = () => signal?.removeEventListener('abort', handleAbort);
    request.onload = () => {
      const payload = readPayload(request.responseText);
      if (request.status >= 200 && request.status < 300 && payload?.status === true && payload.data) {
        onProgress?.(1);
        resolve(payload.data);
        return;
      }
      const code = payload?.code ?? request.status;
      reject(new ApiError(code, errorTextForCode(code, payload?.message), request.status));
    };
    request.send(form);
  });
}

/** Step one of the upload form: the file goes up as soon as it is chosen. The form shows failures. */
export function useSendUploadFile(onProgress?: (fraction: number) => void) {
  return useMutation({
    mutationFn: ({ file, signal }: { file: File; signal?: AbortSignal }) => sendUploadFile(file, onProgress, signal),
    meta: { inlineErrors: true },
  });
}
