import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { navigateOutsideReact } from './navigation-bridge';
import { AppProviders } from './providers';
import { installSessionLifecycle } from './session-lifecycle';

const queryClient = createQueryClient();

installSessionLifecycle({ queryClient, navigate: navigateOutsideReact });

/**
 * A data router (one catch-all route; the route table stays in `<AppRoutes>`) so that editors can
 * block navigation while they hold unsaved changes (`useBlocker`).
 */
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
    ),
  },
]);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
