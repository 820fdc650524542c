import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { navigateOutsideReact } from './navigation-bridge';
import { AppProviders } from './providers';
import { installSessionLifecycle } from './session-lifecycle';

const queryClient = createQueryClient();

installSessionLifecycle({ queryClient, navigate: navigateOutsideReact });

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppErrorBoundary>
          <AppRoutes />
        </AppErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
