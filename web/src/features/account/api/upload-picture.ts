import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload-file';

export const PICTURE_TYPES = ['image/jpeg', 'image/png'];

/** Uploads a profile picture through POST /api/files; answers the stored file. */
export const uploadPicture = uploadFile;

export function useUploadPicture() {
  return useMutation({ mutationFn: uploadPicture, meta: { inlineErrors: true } });
}
