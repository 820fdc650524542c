import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes: closing or reloading the tab (the browser's
 * own prompt) and following an in-app link (our dialog). The console uses a BrowserRouter, which
 * has no navigation blocker, so in-app links are caught on the document before the router acts.
 */
export function useLeaveGuard(unsaved: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const unsavedRef = useRef(unsaved);

  useEffect(() => {
    unsavedRef.current = unsaved;
    if (!unsaved) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [unsaved]);

  useEffect(() => {
    const handleClick = (event: MouseEvent) => {
      if (!unsavedRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download'))
        return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    document.addEventListener('click', handleClick, true);
    return () => document.removeEventListener('click', handleClick, true);
  }, []);

  return {
    /** Where the user wanted to go while the form had changes; null when nothing is asked. */
    pending,
    /** Ask before going to `to` (the form's own Cancel / Back). */
    requestLeave: (to: string) => {
      if (unsavedRef.current) setPending(to);
      else void navigate(to);
    },
    confirmLeave: () => {
      const to = pending;
      setPending(null);
      unsavedRef.current = false;
      if (to) void navigate(to);
    },
    stay: () => setPending(null),
  };
}
