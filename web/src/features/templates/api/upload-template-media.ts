import { useMutation } from '@tanstack/react-query';
import { uploadFileWithProgress } from '../../../lib/upload-file';

/** Uploads a header or card sample through POST /api/files, reporting the progress (0–1). */
export const uploadTemplateMedia = uploadFileWithProgress;

/** The upload as a mutation; a failure shows its message beside the upload button. */
export function useUploadTemplateMedia() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadTemplateMedia(file, onProgress),
    meta: { inlineErrors: true },
  });
}
