import { useMutation } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { fetchAndSaveCsv } from '../../../lib/download-csv';

/** "customers.csv" → "customers-errors.csv" when the server does not name the file. */
export function rejectedRowsFileName(fileName: string): string {
  const base = fileName.replace(/\.csv$/i, '') || 'upload';
  return `${base}-errors.csv`;
}

/** Download rejected rows: the header row plus a reason column, ready to fix and upload again. */
export function downloadUploadErrors({ id, fileName }: { id: string; fileName: string }) {
  const path = customerMasterRoutes.uploadErrorsCsv.path.replace(':id', encodeURIComponent(id));
  return fetchAndSaveCsv(path, rejectedRowsFileName(fileName));
}

export function useDownloadUploadErrors() {
  return useMutation({ mutationFn: downloadUploadErrors });
}
