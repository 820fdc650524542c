import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** The page's main heading (or the main region while it has none). */
export function mainTarget(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
}

/** Focuses an element that is not focusable by itself (a heading), without adding it to the Tab order. */
export function focusProgrammatically(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

const WAIT_MS = 4000;
const STEP_MS = 50;

/**
 * After a navigation (not on the first load), moves the focus to the new page's h1 once it has
 * rendered, so keyboard and screen reader users start on the new page instead of the link they
 * left; returns the heading's text for a polite live region. Leaves the focus alone when the page
 * put it somewhere itself (an autofocused field, a dialog) or the user moved through tabs.
 */
export function useFocusHeadingOnNavigation(): string {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const before = document.activeElement;
    let waited = 0;
    const timer = window.setInterval(() => {
      waited += STEP_MS;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading && waited < WAIT_MS) return;
      window.clearInterval(timer);
      if (!heading) return;
      const active = document.activeElement;
      const movedByPage = active !== before && active !== document.body && active !== null && !heading.contains(active);
      const inDialog = Boolean(active?.closest('[role="dialog"]'));
      const onTab = active?.getAttribute('role') === 'tab';
      if (!movedByPage && !inDialog && !onTab) focusProgrammatically(heading);
      setAnnouncement(heading.textContent ?? '');
    }, STEP_MS);
    return () => window.clearInterval(timer);
  }, [pathname]);

  return announcement;
}
