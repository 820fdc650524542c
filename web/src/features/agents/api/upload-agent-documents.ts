import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { agentRoutes, type AgentDocument } from '@parley/contracts/agents';
import { ApiError } from '../../../lib/api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from '../../../lib/error-text';
import { getSessionToken } from '../../../lib/session-token';
import { agentsKeys } from './agents-keys';

/** PDFs per request (the server takes at most 10 at a time); larger choices go in batches. */
export const DOCUMENTS_PER_UPLOAD = 10;

interface UploadPayload {
  status?: boolean;
  code?: number;
  message?: string;
  data?: { documents: AgentDocument[] };
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
 * Uploads PDFs to POST /api/agents/:id/documents (multipart, field "files") with XHR so that the
 * progress can be shown. `onProgress` receives 0..1 of this request's bytes.
 */
export function uploadAgentDocuments(
  agentId: string,
  files: File[],
  onProgress?: (fraction: number) => void,
): Promise<AgentDocument[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const url = agentRoutes.uploadDocuments.path.replace(':id', encodeURIComponent(agentId));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    const token = getSessionToken();
    if (token) request.setRequestHeader(AUTH_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0));
    request.onload = () => {
      const payload = readPayload(request.responseText);
      if (request.status >= 200 && request.status < 300 && payload?.status === true && payload.data) {
        onProgress?.(1);
        resolve(payload.data.documents);
        return;
      }
      const code = payload?.code ?? request.status;
      reject(new ApiError(code, errorTextForCode(code, payload?.message), request.status));
    };
    request.send(form);
  });
}

/** Uploads the chosen PDFs in batches; progress over all of them (0..1). */
export function useUploadAgentDocuments(agentId: string, onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
      let done = 0;
      const uploaded: AgentDocument[] = [];
      for (let start = 0; start < files.length; start += DOCUMENTS_PER_UPLOAD) {
        const batch = files.slice(start, start + DOCUMENTS_PER_UPLOAD);
        const batchBytes = batch.reduce((sum, file) => sum + file.size, 0);
        uploaded.push(
          ...(await uploadAgentDocuments(agentId, batch, (fraction) =>
            onProgress?.(Math.min(1, (done + fraction * batchBytes) / total)),
          )),
        );
        done += batchBytes;
      }
      return uploaded;
    },
    meta: { inlineErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.genAiConfig(agentId) }),
  });
}
