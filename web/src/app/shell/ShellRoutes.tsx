import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { navigation } from '@parley/contracts/navigation';
import type { Permission } from '@parley/contracts/permissions';
import { RequireAccess, type RouteAccess } from './RequireAccess';

const WelcomeRoute = lazy(() => import('../routes/welcome-route'));
const ProfileRoute = lazy(() => import('../routes/profile-route'));
const OutboxRoute = lazy(() => import('../routes/outbox-route'));
const OutboxMailRoute = lazy(() => import('../routes/outbox-mail-route'));
const ComingSoonRoute = lazy(() => import('../routes/coming-soon-route'));

/** Screens that exist now; every other side-menu entry gets the coming-soon page. */
const BUILT_PATHS = new Set(['/admin/outbox']);

interface ScreenRoute {
  path: string;
  screen: string;
  area: string;
  access: RouteAccess;
}

function routePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

/** One route per side-menu entry not built yet, guarded by the entry's permissions. */
export const comingSoonScreens: readonly ScreenRoute[] = (() => {
  const seen = new Set<string>();
  const screens: ScreenRoute[] = [];
  for (const group of navigation) {
    for (const area of group.areas) {
      for (const entry of area.entries) {
        const path = routePath(entry.path);
        if (BUILT_PATHS.has(`/${path}`) || seen.has(path)) continue;
        seen.add(path);
        screens.push({
          path,
          screen: entry.label,
          area: area.area,
          access: { anyOf: entry.anyOf, requiresSetting: entry.requiresSetting },
        });
      }
    }
  }
  return screens;
})();

const outboxAccess: RouteAccess = { anyOf: ['ENTERPRISE.MANAGE'] satisfies Permission[] };

function guarded(Component: LazyExoticComponent<ComponentType> | ComponentType, access: RouteAccess) {
  return (
    <RequireAccess access={access}>
      <Component />
    </RequireAccess>
  );
}

/** The pages inside the console (platform §2.1 main layout); any other path shows the welcome page. */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<WelcomeRoute />} />
      <Route path="details" element={<Navigate to="/details/myprofile" replace />} />
      <Route path="details/myprofile" element={<ProfileRoute />} />
      <Route path="admin/outbox" element={guarded(OutboxRoute, outboxAccess)} />
      <Route path="admin/outbox/:id" element={guarded(OutboxMailRoute, outboxAccess)} />
      <Route
        path="content-library"
        element={
          <RequireAccess access={{ requiresArtifacts: true }}>
            <ComingSoonRoute screen="My Library" />
          </RequireAccess>
        }
      />
      {comingSoonScreens.map((screen) => (
        <Route
          key={screen.path}
          path={screen.path}
          element={
            <RequireAccess access={screen.access}>
              <ComingSoonRoute screen={screen.screen} area={screen.area} />
            </RequireAccess>
          }
        />
      ))}
      <Route path="*" element={<WelcomeRoute />} />
    </Routes>
  );
}
