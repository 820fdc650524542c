import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload-file';

/** Uploads the logo through POST /api/files; answers the stored file. */
export const uploadLogo = uploadFile;

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo, meta: { inlineErrors: true } });
}
