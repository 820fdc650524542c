import { uploadFileWithProgress } from '../../../lib/upload-file';

/** Uploads a broadcast attachment through POST /api/files, reporting the progress (0–1). */
export const uploadBroadcastMedia = uploadFileWithProgress;
