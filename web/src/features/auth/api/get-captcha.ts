import { queryOptions, useQuery } from '@tanstack/react-query';
import { signInRoutes } from '@parley/contracts/sign-in';
import { apiRequest } from '../../../lib/api-client';
import { authKeys, type CaptchaPurpose } from './auth-keys';

export function getCaptcha(purpose: CaptchaPurpose, signal?: AbortSignal) {
  return apiRequest(signInRoutes.captcha, { query: { purpose }, signal });
}

/** Captchas are single use: never cached across mounts, reloaded explicitly with `refetch`. */
export function captchaQueryOptions(purpose: CaptchaPurpose) {
  return queryOptions({
    queryKey: authKeys.captcha(purpose),
    queryFn: ({ signal }) => getCaptcha(purpose, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });
}

export function useCaptcha(purpose: CaptchaPurpose) {
  return useQuery(captchaQueryOptions(purpose));
}
