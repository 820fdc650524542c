import { useMutation } from '@tanstack/react-query';
import { customerMasterRoutes } from '@parley/contracts/customer-master';
import { fetchAndSaveCsv } from '../../../lib/download-csv';

/** The sample file's name (engagement.md §9). */
export const SAMPLE_FILE_NAME = 'Sample.csv';

/** Download Sample: a header row of the current fields and an example row. */
export function downloadSampleCsv() {
  return fetchAndSaveCsv(customerMasterRoutes.sampleCsv.path, SAMPLE_FILE_NAME);
}

export function useDownloadSampleCsv() {
  return useMutation({ mutationFn: downloadSampleCsv });
}
