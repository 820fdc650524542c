import { useQuery } from '@tanstack/react-query';
import { fetchFileAsDataUrl } from '../../../lib/upload-file';
import { enterpriseProfileKeys } from './enterprise-profile-keys';

/** The logo at `url` as a data URL (files are served to signed-in users only). */
export const getLogo = fetchFileAsDataUrl;

/** A displayable URL for the logo at `url` (null while loading, on failure, or without a logo). */
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
