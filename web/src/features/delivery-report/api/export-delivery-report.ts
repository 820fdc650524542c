import { useMutation } from '@tanstack/react-query';
import { reportRoutes } from '@parley/contracts/broadcasts';
import { fetchAndSaveCsv } from '../../../lib/download-csv';
import type { DeliveryReportFilters } from './delivery-report-keys';

/** Downloads the report as CSV with the page's filters, under the server's file name. */
export function exportDeliveryReport(filters: DeliveryReportFilters): Promise<string> {
  const search = new URLSearchParams(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  return fetchAndSaveCsv(
    `${reportRoutes.export.path}?${search.toString()}`,
    `delivery-report-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}

export function useExportDeliveryReport() {
  return useMutation({ mutationFn: exportDeliveryReport });
}
