import './shell.css';
import { Suspense, useEffect, useMemo } from 'react';
import { AppShell, Box } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { SIDE_NAV_WIDTH, TOP_BAR_HEIGHT } from '@parley/contracts/constants';
import { coreErrors } from '@parley/contracts/core-errors';
import type { SessionUser } from '@parley/contracts/account';
import { meQueryOptions } from '../../features/account/api/get-me';
import { isSessionEndingError } from '../../lib/api-client';
import { endSession } from '../../lib/session-end';
import { getSessionToken } from '../../lib/session-token';
import { PageLoader } from '../../components/PageLoader';
import { ShellLoadError } from './ShellLoadError';
import { ShellRoutes } from './ShellRoutes';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { AdBanner } from './AdBanner';
import { SessionUserContext } from './session-user';
import { useRealtimeBridge } from './use-realtime-bridge';

/**
 * Width of the side navigation: the spec's percentages, with a floor so that the longest labels
 * ('Speech To Text Report', 'Speech Services' beside its icon) stay on one line below 1667 px.
 */
const NAV_WIDTH = {
  open: `max(${SIDE_NAV_WIDTH.open}, 240px)`,
  collapsed: `max(${SIDE_NAV_WIDTH.collapsed}, 52px)`,
};

/**
 * The signed-in console (guard + layout): needs a stored token and a successful /me; a failed
 * token check logs out (the API client handles 1401/1403). Inside: top bar, side navigation and
 * the page (each page route checks its own permissions with `RequireAccess`).
 */
export default function ShellLayout() {
  const token = getSessionToken();
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });
  const user = me.data;
  const queryClient = useQueryClient();
  useRealtimeBridge(user !== undefined, queryClient);

  const twoFactorMissing = user !== undefined && user.enterprise.twoFactAuthEnterpriseLevel && !user.twoFactorAuth;
  useEffect(() => {
    if (twoFactorMissing) {
      endSession('twoFactorRequired', coreErrors.TWO_FACTOR_REQUIRED_BY_ENTERPRISE.message);
    }
  }, [twoFactorMissing]);

  if (token === null) return <Navigate to="/login" replace />;
  if (user === undefined) {
    if (me.isError && !isSessionEndingError(me.error)) {
      return <ShellLoadError message={me.error.message} onRetry={() => void me.refetch()} />;
    }
    return <PageLoader fullScreen label="Loading your console" />;
  }
  if (twoFactorMissing) return <PageLoader fullScreen />;

  return (
    <SessionUserContext.Provider value={user}>
      <ShellFrame user={user} />
    </SessionUserContext.Provider>
  );
}

function ShellFrame({ user }: { user: SessionUser }) {
  const [navCollapsed, setNavCollapsed] = useLocalStorage({
    key: 'parley.navCollapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const recordExternalCampaigns = user.enterprise.recordExternalCampaigns;
  const navSettings = useMemo(() => ({ recordExternalCampaigns }), [recordExternalCampaigns]);

  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT }}
      navbar={{ width: navCollapsed ? NAV_WIDTH.collapsed : NAV_WIDTH.open, breakpoint: 0 }}
      padding="lg"
    >
      <AppShell.Header>
        <TopBar user={user} navCollapsed={navCollapsed} onToggleNav={() => setNavCollapsed((value) => !value)} />
      </AppShell.Header>
      <AppShell.Navbar id="side-navigation" aria-label="Main navigation">
        <SideNav permissions={user.permissions} settings={navSettings} collapsed={navCollapsed} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Box component="div" id="main-content">
          <AdBanner />
          <Suspense fallback={<PageLoader />}>
            <ShellRoutes />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
