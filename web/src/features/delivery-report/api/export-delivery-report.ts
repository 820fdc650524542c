import { useMutation } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { reportRoutes } from '@parley/contracts/broadcasts';
import { ApiError } from '../../../lib/api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from '../../../lib/error-text';
import { getSessionToken } from '../../../lib/session-token';
import type { DeliveryReportFilters } from './delivery-report-keys';

/** The file name the server gives in Content-Disposition, if any. */
function fileNameOf(header: string | null): string | null {
  const match = header ? /filename\*?\s*=\s*(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!.trim());
  } catch {
    return match[1]!.trim();
  }
}

/**
 * Downloads the report as CSV with the page's filters. The session token travels in a header,
 * so a plain link cannot download it: fetched here and saved through an object URL.
 */
export async function exportDeliveryReport(filters: DeliveryReportFilters): Promise<string> {
  const search = new URLSearchParams(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  const token = getSessionToken();
  let response: Response;
  try {
    response = await fetch(`${reportRoutes.export.path}?${search.toString()}`, {
      headers: token ? { [AUTH_HEADER]: token, Accept: 'text/csv' } : { Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, errorTextForCode(NETWORK_ERROR_CODE), 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    const code = body?.code ?? response.status;
    throw new ApiError(code, errorTextForCode(code, body?.message), response.status);
  }
  const name =
    fileNameOf(response.headers.get('Content-Disposition')) ??
    `delivery-report-${new Date().toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useExportDeliveryReport() {
  return useMutation({ mutationFn: exportDeliveryReport });
}
