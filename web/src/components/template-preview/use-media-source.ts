import { useQuery } from '@tanstack/react-query';
import { fetchFileAsDataUrl } from '../../lib/upload-file';

const STORED_FILE = /^\/api\/files\//;

/**
 * The address an <img> can show for a template's media: a stored file (`/api/files/<id>`, served
 * to signed-in users only) is loaded once as a data URL and cached; an https URL is used as it is.
 */
export function useMediaSource(url: string | undefined): {
  src: string | undefined;
  loading: boolean;
  failed: boolean;
} {
  const stored = url !== undefined && STORED_FILE.test(url);
  const query = useQuery({
    queryKey: ['template-media', url],
    queryFn: ({ signal }) => fetchFileAsDataUrl(url!, signal),
    enabled: stored,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
  if (!url) return { src: undefined, loading: false, failed: false };
  if (!stored) return { src: url, loading: false, failed: false };
  return { src: query.data, loading: query.isPending, failed: query.isError };
}
