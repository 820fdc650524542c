import { useQuery } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { getSessionToken } from '../../../lib/session-token';
import { accountKeys } from './account-keys';

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The picture could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The picture as a data URL: files are served to signed-in users only, so an <img> cannot load
 * them by URL (a data URL also needs no object-URL clean-up).
 */
export async function getPicture(url: string, signal?: AbortSignal): Promise<string> {
  const token = getSessionToken();
  const response = await fetch(url, { headers: token ? { [AUTH_HEADER]: token } : {}, signal });
  if (!response.ok) throw new Error('The picture could not be loaded');
  return toDataUrl(await response.blob());
}

/** The profile picture at `url` as a displayable URL (null while loading, on failure, or without a picture). */
export function usePicture(url: string | null): string | null {
  const picture = useQuery({
    queryKey: accountKeys.picture(url ?? ''),
    queryFn: ({ signal }) => getPicture(url!, signal),
    enabled: url !== null && url.startsWith('/api/files/'),
    staleTime: Infinity,
    retry: false,
  });
  return url !== null && picture.data ? picture.data : null;
}
