import { useMutation } from '@tanstack/react-query';
import { auditExport } from '@parley/contracts/admin';
import { fetchAndSaveCsv } from '../../../lib/download-csv';
import type { AuditFilters } from './get-audit-trail';

/** Downloads the filtered trail as CSV (a file, not the JSON envelope). */
export function exportAuditTrail(filters: AuditFilters): Promise<string> {
  const search = new URLSearchParams(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  return fetchAndSaveCsv(
    `${auditExport.path}?${search.toString()}`,
    `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}

export function useExportAuditTrail() {
  return useMutation({ mutationFn: exportAuditTrail });
}
