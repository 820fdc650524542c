import { useQuery } from '@tanstack/react-query';
import { fetchFileAsDataUrl } from '../../../lib/upload-file';
import { accountKeys } from './account-keys';

/** The picture at `url` as a data URL (files are served to signed-in users only). */
export const getPicture = fetchFileAsDataUrl;

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
