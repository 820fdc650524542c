import { AUTH_HEADER } from '@parley/contracts/constants';
import { ApiError } from './api-client';
import { NETWORK_ERROR_CODE, errorTextForCode } from './error-text';
import { getSessionToken } from './session-token';

/** The file name a download answer gives in Content-Disposition, if any. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain ? (plain[2] ?? plain[1]!).trim() : '';
  return name || null;
}

/**
 * Fetches a CSV that only signed-in users may read (the token travels in a header, so a plain
 * link cannot download it) and saves it through a temporary object URL under the server's file
 * name, or `fallbackName`.
 */
export async function fetchAndSaveCsv(url: string, fallbackName: string): Promise<string> {
  const token = getSessionToken();
  let response: Response;
  try {
    response = await fetch(url, {
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
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return name;
}
