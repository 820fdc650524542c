import { customerLimits, customerMessages } from '@parley/contracts/customer-master';

/**
 * MIME types browsers give a .csv file: text/csv (engagement.md §9), and what Windows and some
 * browsers report for the same file. The server checks the content too.
 */
const CSV_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/comma-separated-values',
  'text/x-csv',
  'application/vnd.ms-excel',
  'text/plain',
]);

export const CSV_ACCEPT = '.csv,text/csv';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const fileTooLargeMessage = `The file is larger than ${megabytes(customerLimits.uploadMaxBytes)}`;

/** Why the browser refuses a chosen file before sending it, or null when it may go. */
export function csvFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const isCsvName = /\.csv$/i.test(file.name.trim());
  const type = file.type.toLowerCase();
  if (!isCsvName || (type !== '' && !CSV_TYPES.has(type))) return customerMessages.csvOnly;
  if (file.size > customerLimits.uploadMaxBytes) return fileTooLargeMessage;
  return null;
}

/** "2.4 MB", "830 KB", "12 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}
