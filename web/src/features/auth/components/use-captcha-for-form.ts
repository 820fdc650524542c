import { useCallback, useEffect, useRef, useState } from 'react';
import { useCaptcha } from '../api/get-captcha';
import type { CaptchaKind, CaptchaPurpose } from '../api/auth-keys';

export interface FormCaptcha {
  kind: CaptchaKind;
  image: string | undefined;
  question: string | undefined;
  loading: boolean;
  failed: boolean;
  reload: () => void;
  /** Swaps the image for a text question (the accessible alternative), or back. */
  switchKind: () => void;
}

/**
 * A single-use captcha bound to a form: every new captcha sets `captchaId` and clears the typed
 * answer. `reload()` fetches a new one (after every failed submit).
 */
export function useCaptchaForForm(purpose: CaptchaPurpose, onNewCaptcha: (captchaId: string) => void): FormCaptcha {
  const [kind, setKind] = useState<CaptchaKind>('image');
  const captcha = useCaptcha(purpose, kind);
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
  const switchKind = useCallback(() => setKind((current) => (current === 'image' ? 'text' : 'image')), []);

  return {
    kind,
    image: captcha.data?.captcha || undefined,
    question: captcha.data?.question,
    loading: captcha.isFetching,
    failed: captcha.isError,
    reload,
    switchKind,
  };
}
