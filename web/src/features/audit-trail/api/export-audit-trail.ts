import { useMutation } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { auditExport } from '@parley/contracts/admin';
import { ApiError } from '../../../lib/api-client';
import { getSessionToken } from '../../../lib/session-token';
import type { AuditFilters } from './get-audit-trail';

/** Downloads the filtered trail as CSV (a file, not the JSON envelope, so fetched here by hand). */
export async function exportAuditTrail(filters: AuditFilters) {
  const search = new URLSearchParams(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  const token = getSessionToken();
  const response = await fetch(`${auditExport.path}?${search.toString()}`, {
    headers: token ? { [AUTH_HEADER]: token } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    throw new ApiError(body?.code ?? response.status, body?.message ?? 'Something went wrong', response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportAuditTrail() {
  return useMutation({ mutationFn: exportAuditTrail });
}
