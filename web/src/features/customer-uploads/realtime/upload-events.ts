import type { QueryClient } from '@tanstack/react-query';
import { uploadProgressEvent, type CustomerUpload } from '@parley/contracts/customer-master';
import type { RealtimeClient } from '../../../lib/realtime-client';
import { customerUploadsKeys } from '../api/customer-uploads-keys';
import type { UploadsQuery } from '../api/get-uploads';

export const UPLOAD_PROGRESS_EVENT = 'customerUpload.progress';

type UploadsPage = { uploads: CustomerUpload[]; hasMore: boolean };

/** A later event never replaces a newer state (events may arrive out of order after a reconnection). */
function isNewer(next: CustomerUpload, current: CustomerUpload): boolean {
  if (current.state !== 'WAITING' && next.state === 'WAITING') return false;
  if (current.state === 'WAITING' && next.state === 'WAITING') return next.progress >= current.progress;
  return true;
}

/**
 * 'customerUpload.progress' carries the whole upload record: it replaces the row in every cached
 * My Uploads page and the upload itself, so counts and the progress bar move without a request.
 * An upload no cached page holds yet (just submitted elsewhere) refreshes the first pages; a
 * finished import refreshes its Error List.
 */
export function subscribeUploadEvents(realtime: Pick<RealtimeClient, 'on'>, queryClient: QueryClient): () => void {
  return realtime.on(UPLOAD_PROGRESS_EVENT, (event) => {
    const parsed = uploadProgressEvent.safeParse(event.payload);
    if (!parsed.success) return;
    const upload = parsed.data;
    let listed = false;
    for (const [key, page] of queryClient.getQueriesData<UploadsPage>({ queryKey: customerUploadsKeys.lists() })) {
      if (!page) continue;
      const index = page.uploads.findIndex((row) => row.id === upload.id);
      if (index === -1) continue;
      listed = true;
      if (!isNewer(upload, page.uploads[index]!)) continue;
      const uploads = page.uploads.slice();
      uploads[index] = upload;
      queryClient.setQueryData<UploadsPage>(key, { ...page, uploads });
    }
    const detail = queryClient.getQueryData<CustomerUpload>(customerUploadsKeys.detail(upload.id));
    if (!detail || isNewer(upload, detail)) queryClient.setQueryData(customerUploadsKeys.detail(upload.id), upload);
    if (!listed) {
      void queryClient.invalidateQueries({
        queryKey: customerUploadsKeys.lists(),
        predicate: (query) => {
          const params = query.queryKey[2] as UploadsQuery | undefined;
          return params?.from === 0 && (!params.segmentId || params.segmentId === upload.segmentId);
        },
      });
    }
    if (upload.state !== 'WAITING')
      void queryClient.invalidateQueries({ queryKey: customerUploadsKeys.errors(upload.id) });
  });
}
