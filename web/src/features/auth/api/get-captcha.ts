import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountRoutes } from '@parley/contracts/account';
import { apiRequest } from '../../../lib/api-client';
import { authKeys, type CaptchaPurpose } from './auth-keys';

export function getCaptcha(purpose: CaptchaPurpose, signal?: AbortSignal) {
  return apiRequest(accountRoutes.captcha, { query: { purpose }, signal });
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
