import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMasterRoutes, type UploadSubmitBody } from '@parley/contracts/customer-master';
import { apiRequest } from '../../../lib/api-client';
import { customerUploadsKeys } from './customer-uploads-keys';

export function submitUpload(id: string, body: UploadSubmitBody) {
  return apiRequest(customerMasterRoutes.submitUpload, { params: { id }, body });
}

/** Upload: starts the import job; My Uploads lists it from now on. The form shows failures. */
export function useSubmitUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UploadSubmitBody }) => submitUpload(id, body),
    meta: { inlineErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerUploadsKeys.lists() }),
  });
}
