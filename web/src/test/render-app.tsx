import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type Location } from 'react-router';
import type { ReactElement } from 'react';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../app/providers';

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/**
 * Renders an element inside a memory data router (like the app's, so `useBlocker` works) with the
 * console's providers, in test mode.
 */
export function renderWithRouter(ui: ReactElement, { initialPath = '/' }: { initialPath?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  let current: Location | null = null;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <LocationProbe onChange={(location) => (current = location)} />
          </>
        ),
      },
    ],
    { initialEntries: [initialPath] },
  );
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    queryClient,
    router,
    /** The router's current path (with search). */
    currentPath: () => (current ? `${current.pathname}${current.search}` : ''),
    pathname: () => current?.pathname ?? '',
  };
}
