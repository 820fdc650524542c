import { useQuery } from '@tanstack/react-query';
import { AUTH_HEADER } from '@parley/contracts/constants';
import { getSessionToken } from '../../../lib/session-token';
import { enterpriseProfileKeys } from './enterprise-profile-keys';

/**
 * The logo as an object URL: files are served to signed-in users only (the token travels in a
 * header), so an <img> cannot load them by their URL.
 */
export async function getLogo(url: string, signal?: AbortSignal): Promise<string> {
  const token = getSessionToken();
  const response = await fetch(url, { headers: token ? { [AUTH_HEADER]: token } : {}, signal });
  if (!response.ok) throw new Error('The logo could not be loaded');
  return URL.createObjectURL(await response.blob());
}

/** An object URL for the logo at `url` (null while loading, on failure, or without a logo). */
export function useLogoPreview(url: string | null) {
  const logo = useQuery({
    queryKey: enterpriseProfileKeys.logo(url ?? ''),
    queryFn: ({ signal }) => getLogo(url!, signal),
    enabled: url !== null,
    staleTime: Infinity,
    retry: false,
  });
  return url === null ? null : (logo.data ?? null);
}
