import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import type { ReactElement } from 'react';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../app/providers';

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/** Renders an element inside a memory router with the console's providers, in test mode. */
export function renderWithRouter(ui: ReactElement, { initialPath = '/' }: { initialPath?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  let current: Location | null = null;
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[initialPath]}>
        {ui}
        <LocationProbe onChange={(location) => (current = location)} />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...view,
    queryClient,
    /** The router's current path (with search). */
    currentPath: () => (current ? `${current.pathname}${current.search}` : ''),
    pathname: () => current?.pathname ?? '',
  };
}
