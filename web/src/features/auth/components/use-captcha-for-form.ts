import { useCallback, useEffect, useRef } from 'react';
import { useCaptcha } from '../api/get-captcha';
import type { CaptchaPurpose } from '../api/auth-keys';

/**
 * A single-use captcha bound to a form: every new image sets `captchaId` and clears the typed
 * characters. `reload()` fetches a new image (after every failed submit).
 */
export function useCaptchaForForm(
  purpose: CaptchaPurpose,
  onNewCaptcha: (captchaId: string) => void,
): { image: string | undefined; loading: boolean; failed: boolean; reload: () => void } {
  const captcha = useCaptcha(purpose);
  const { refetch } = captcha;
  const onNewRef = useRef(onNewCaptcha);
  useEffect(() => {
    onNewRef.current = onNewCaptcha;
  });

  const captchaId = captcha.data?.captchaId;
  useEffect(() => {
    if (captchaId) onNewRef.current(captchaId);
  }, [captchaId]);

  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);

  return {
    image: captcha.data?.captcha,
    loading: captcha.isFetching,
    failed: captcha.isError,
    reload,
  };
}
