import { queryOptions, useQuery } from '@tanstack/react-query';
import { signInRoutes } from './sign-in-routes';
import { apiRequest } from '../../../lib/api-client';
import { authKeys, type CaptchaKind, type CaptchaPurpose } from './auth-keys';

export function getCaptcha(purpose: CaptchaPurpose, kind: CaptchaKind, signal?: AbortSignal) {
  return apiRequest(signInRoutes.captcha, { query: { purpose, kind }, signal });
}

/** Captchas are single use: never cached across mounts, reloaded explicitly with `refetch`. */
export function captchaQueryOptions(purpose: CaptchaPurpose, kind: CaptchaKind = 'image') {
  return queryOptions({
    queryKey: authKeys.captcha(purpose, kind),
    queryFn: ({ signal }) => getCaptcha(purpose, kind, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });
}

export function useCaptcha(purpose: CaptchaPurpose, kind: CaptchaKind = 'image') {
  return useQuery(captchaQueryOptions(purpose, kind));
}
