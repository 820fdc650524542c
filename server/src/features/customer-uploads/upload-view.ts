import type { CustomerUpload, UploadState } from '@parley/contracts/customer-master';
import type { UploadRow } from './customer-uploads.repository';

/** An upload as the contract shows it; progress is the share of the file's bytes committed. */
export function toUpload(row: UploadRow): CustomerUpload {
  const state = (row.state === 'DRAFT' ? 'WAITING' : row.state) as UploadState;
  const progress =
    state === 'COMPLETED' ? 1 : row.fileBytes > 0 ? Math.min(1, Number(row.committedBytes) / Number(row.fileBytes)) : 0;
  return {
    id: row.id,
    fileName: row.fileName,
    segmentId: row.segmentId,
    segmentName: row.segmentName,
    replace: row.replace,
    state,
    totalLines: row.totalLines,
    acceptedLines: row.acceptedLines,
    errorLines: row.errorLines,
    progress,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
