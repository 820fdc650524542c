import { useMutation } from '@tanstack/react-query';
import { customerMasterRoutes, type UploadSubmitBody } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';

export function previewUpload(id: string, body: UploadSubmitBody) {
  return apiRequest(customerMasterRoutes.previewUpload, { params: { id }, body });
}

/** Dry run (beyond the spec): nothing is stored; the form shows the answer or the failure. */
export function usePreviewUpload() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UploadSubmitBody }) => previewUpload(id, body),
    meta: { inlineErrors: true },
  });
}
