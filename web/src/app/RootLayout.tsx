import './skip-link.css';
import { useEffect, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAppConfig } from '../features/auth/api/get-app-config';
import { useRegisterNavigator } from './navigation-bridge';
import { focusProgrammatically, mainTarget, useFocusHeadingOnNavigation } from './page-focus';
import { documentTitle, PageTitleContext } from './page-title';
import { useNetworkStatusToasts } from './use-network-status-toasts';

/** The name in index.html, until the server's app config (PARLEY_TITLE) has loaded. */
const defaultConsoleName = typeof document === 'undefined' ? 'Parley' : document.title || 'Parley';

/**
 * Around every page, signed in or not: the skip link (the first thing Tab reaches), the browser
 * tab's title ('{page} · {console}'), and the focus moved to the new page's heading after a
 * navigation, announced politely.
 */
export function RootLayout() {
  useRegisterNavigator();
  useNetworkStatusToasts();
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const consoleName = useAppConfig().data?.title ?? defaultConsoleName;
  useEffect(() => {
    document.title = documentTitle(pageTitle, consoleName);
  }, [pageTitle, consoleName]);
  const announcement = useFocusHeadingOnNavigation();

  return (
    <PageTitleContext.Provider value={setPageTitle}>
      <a
        href="#main-content"
        className="parley-skip-link"
        onClick={(event) => {
          const target = mainTarget();
          if (!target) return;
          event.preventDefault();
          focusProgrammatically(target);
          target.scrollIntoView?.({ block: 'start' });
        }}
      >
        Skip to main content
      </a>
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement}
      </VisuallyHidden>
      <Outlet />
    </PageTitleContext.Provider>
  );
}
